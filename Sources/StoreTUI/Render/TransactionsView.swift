import IAPCore
import ReadSide

/// The transaction manager: every transaction the Store made, the selected one highlighted.
enum TransactionsView {
    static func draw(_ state: TUIState, _ model: WorldView, into buffer: inout CellBuffer, screen: Rect) {
        let language = state.language
        let inner = buffer.box(Rect(x: 2, y: 2, width: screen.width - 4, height: screen.height - 4), title: language(.transactions))
        let finishedWidth = max(4, DisplayWidth.of(language(.columnFinished)) + 1)
        // The last row tells the selected transaction's notes whole: the column cuts them on a
        // narrow screen.
        let rows = inner.height - 2
        let records = model.transactions
        let first = max(0, min(state.panelSelection - rows + 1, records.count - rows))
        let shown = records.dropFirst(first).prefix(rows)
        // The product column widens to the longest title shown (a Chinese title is twice as wide)
        // as far as the panel leaves the notes 20 cells, so that on a wide screen two plans of one
        // group never read the same; 13 cells at least.
        let titleWidth = shown.map { DisplayWidth.of(state.title(of: $0.productId, in: model)) }.max() ?? 0
        // A Google Play order id (`GPA.` and 17 digits, a renewal's `..N`) is wider than a number.
        let store = model.settings.store
        let idWidth = store == .play ? 29 : 17
        let productWidth = max(13, min(titleWidth, inner.width - 28 - idWidth - finishedWidth - 20))
        buffer.put(fit(language(.columnId), idWidth) + fit(language(.columnProduct), productWidth + 1) + fit(language(.columnState), 10)
                   + fit(language(.columnDate), 17) + fit(language(.columnFinished), finishedWidth) + language(.columnNotes),
                   x: inner.x, y: inner.y, style: .bold, limit: inner.width)
        let notesWidth = inner.width - (idWidth + productWidth + 1 + 10 + 17 + finishedWidth)
        for (offset, record) in shown.enumerated() {
            let index = first + offset
            let finished = record.finished ? language(.yes) : (record.isUnfinished ? language(.no).uppercased() : "—")
            let line = fit(store.orderText(record.id), idWidth) + fit(state.title(of: record.productId, in: model), productWidth) + " "
                + fit(language(PartiesView.stateName(record.state)), 10)
                + fit(String(SimulatedTime.format(record.date).prefix(16)), 17) + fit(finished, finishedWidth)
                + clipped(notes(record, state, model), notesWidth)
            buffer.put(line, x: inner.x, y: inner.y + 1 + offset, style: index == state.panelSelection ? .reverse : [], limit: inner.width)
        }
        if records.isEmpty {
            buffer.put(language(.noTransactions), x: inner.x, y: inner.y + 1, style: .dim)
        } else if let told = selectedNotes(state, model) {
            buffer.put(clipped(told, inner.width), x: inner.x, y: inner.y + inner.height - 1, style: .bold, limit: inner.width)
        }
    }

    /// The selected transaction's notes whole, after its id; nil when it has none.
    private static func selectedNotes(_ state: TUIState, _ model: WorldView) -> String? {
        guard state.panelSelection < model.transactions.count else { return nil }
        let record = model.transactions[state.panelSelection]
        let said = notes(record, state, model)
        return said.isEmpty ? nil : state.language(.selectedNotes, record.id, said)
    }

    /// What else matters about a transaction: the offer it was bought under and its price (first,
    /// so that a narrow screen still shows the price), its kind, a refund, an interruption,
    /// auto-renew off, a change waiting for its renewal, billing retry, a price increase and what
    /// it charged, a prorated refund and what a later refund paid back.
    private static func notes(_ record: TransactionRow, _ state: TUIState, _ model: WorldView) -> String {
        let language = state.language
        var notes: [any Worded] = []
        switch record.kind {
        case .purchase: break
        case .trial: if record.offer == nil { notes.append(TransactionPhrase.trial) }
        case .renewal: notes.append(TransactionPhrase.renewal)
        case .restore: notes.append(TransactionPhrase.restore)
        case .familyShare: notes.append(TransactionPhrase.familyShared)
        }
        if record.refunded {
            notes.append(record.refundReason == .appIssue ? Phrase.refundedAppIssue : record.refundReason == .other ? Phrase.refundedOther : Phrase.refunded)
        }
        if record.error == .interrupted { notes.append(TransactionPhrase.interrupted) }
        if record.autoRenewOff && record.id == record.originalId { notes.append(TransactionPhrase.noAutoRenew) }
        var said = record.offer.map { [offerNote($0, state, model)] } ?? []
        said += notes.map { language($0) }
        if let next = record.renewsAs { said.append(language(.renewsAs, state.title(of: next, in: model))) }
        if let billing = record.billing {
            said.append(billing.graceUntil.map { language(.graceUntil, SimulatedTime.format($0).prefix(10)) } ?? language(.billingRetry))
        }
        if let consent = record.priceConsent { said.append(language(CatalogView.consentPhrase(consent))) }
        if let price = record.chargedPrice { said.append(language(.chargedPrice, model.catalog.storefront.format(price, locale: state.locale))) }
        if let refund = record.proratedRefund { said.append(language(.proratedRefund, model.catalog.storefront.format(refund, locale: state.locale))) }
        if let rest = record.refundedRest { said.append(language(.refundedRest, model.catalog.storefront.format(rest, locale: state.locale))) }
        return said.joined(separator: language(.listSeparator))
    }

    /// An offer as the price charged under it, then which offer: `$0.00 trial`, `$1.99 intro 1/3`,
    /// `$0.99 promo comeback 2/2`, `$0.00 code SPRING`, `$1.99 win-back winback`.
    static func offerNote(_ offer: TransactionOffer, _ state: TUIState, _ model: WorldView) -> String {
        let price = model.catalog.storefront.format(offer.price, locale: state.locale)
        let period = offer.periods > 1 ? " \(offer.period)/\(offer.periods)" : ""
        return "\(price) \(state.language(offerWord(offer)))" + (offer.id.map { " " + $0 } ?? "") + period
    }

    /// The offer in one word: trial, intro, promo, code, win-back.
    static func offerWord(_ offer: TransactionOffer) -> TransactionPhrase {
        switch offer.type {
        case .introductory: offer.isFreeTrial ? .trial : .offerIntroductory
        case .promotional: .offerPromotional
        case .code: .offerCode
        case .winBack: .offerWinBack
        }
    }
}
