import IAPCore
import ReadSide

/// The three parties side by side: the Store's queue (Google Play's purchases in a world that
/// sells there), the app's cache on disk (and under
/// StoreKit 2 what `Transaction.currentEntitlements` gave the app), the Server's ledger.
/// Transaction ids are shown whole, as on the timeline, in the transaction manager and in
/// `storesim state`; a title that does not fit ends in `…`.
enum PartiesView {
    static func draw(_ state: TUIState, _ model: WorldView, into buffer: inout CellBuffer, in rect: Rect) {
        let language = state.language
        var lines: [(String, CellStyle)] = []
        let store = model.settings.store
        if let purchases = model.playPurchases {
            lines += PlayPurchasesView.lines(purchases, count: 4, state, model)
        } else {
            let queue = model.queue
            lines.append((language(.storeQueue, queue.count), .bold))
            lines += newest(queue, 4, language) {
                "  \($0.id) \(fit(language(stateName($0.state)), 9)) \(state.title(of: $0.productId, in: model))"
            }
        }
        lines.append((language(.appCache, model.pendingOrders.count), .bold))
        lines += newest(model.pendingOrders, 3, language) { "  \(store.orderText($0.transactionId)) \(state.title(of: $0.productId, in: model))" }
        lines += model.cacheWarnings.prefix(1).map { ("  ! \(language.words(.cache($0)))", .bold) }
        if let entitled = model.appEntitlements {
            let titles = entitled.map { state.title(of: $0, in: model) }.joined(separator: language(.listSeparator))
            let held = titles.isEmpty ? language(.nothingEntitled) : titles
            let named = language(.currentEntitlements, held)
            lines.append((DisplayWidth.of(named) <= rect.width ? named : language(.entitled, held), []))
        }
        let credits = model.credits.count
        lines.append((language(credits == 1 ? .serverLedgerOne : .serverLedger, credits), .bold))
        lines += newest(model.credits, 3, language) { credit in
            "  \(store.orderText(credit.transactionId)) "
                + (credit.refunded ? language(.ledgerRefunded, state.title(of: credit.productId, in: model)) : language.words(credit.grant))
        }
        for (offset, line) in lines.prefix(rect.height).enumerated() {
            buffer.put(fit(line.0, rect.width), x: rect.x, y: rect.y + offset, style: line.1, limit: rect.width)
        }
    }

    /// A transaction's state in words, as StoreKit names it.
    static func stateName(_ state: TransactionState) -> Phrase {
        switch state {
        case .purchasing: .purchasing
        case .purchased: .purchased
        case .failed: .failed
        case .deferred: .deferred
        case .restored: .restored
        }
    }

    /// The lines of the newest `count` items, after a line saying how many older ones are not
    /// shown: only the items shown are put into words.
    private static func newest<Item>(_ items: some RandomAccessCollection<Item>, _ count: Int, _ language: Language,
                                     _ line: (Item) -> String) -> [(String, CellStyle)] {
        let hidden = items.count - count
        return (hidden > 0 ? [("  " + language(.more, hidden), CellStyle.dim)] : []) + items.suffix(count).map { (line($0), []) }
    }
}
