import Foundation
import IAPCore
import ReadSide

/// The catalog: localized title, price (the Store's, once a price increase raised it), type,
/// and what the Server says the user has.
enum CatalogView {
    static func draw(_ state: TUIState, _ model: WorldView, into buffer: inout CellBuffer, in rect: Rect) {
        let coins = model.balances.sorted { $0.key < $1.key }.map { "\($0.key) \($0.value)" }.joined(separator: ", ")
        let visible = max(0, rect.height - 1)
        // The selection stays in view even after a resize the offset was not set for.
        let kept = min(max(state.catalogOffset, state.selection - visible + 1), state.selection)
        let first = max(0, min(kept, model.products.count - visible))
        let language = state.language
        let position = model.products.count > visible ? " " + language(.catalogPosition, state.selection + 1, model.products.count) : ""
        let balance = coins.isEmpty ? "" : " " + language(.catalogBalance, coins)
        buffer.put(fit(language(.catalog) + position + balance, rect.width), x: rect.x, y: rect.y, style: .bold, limit: rect.width)
        let typeWidth = rect.width >= 60 ? 15 : 11
        // Only the rows on screen are made: the catalog may hold thousands.
        let rows = (first..<min(first + visible, model.products.count)).map { (offset: $0, element: model.products[$0]) }
        // A catalog's rows share few prices: each is formatted once a frame.
        var formatted: [Decimal: String] = [:]
        func format(_ price: Decimal) -> String {
            if let text = formatted[price] { return text }
            let text = model.catalog.storefront.format(price, locale: state.locale)
            formatted[price] = text
            return text
        }
        let prices = rows.map { row in
            let regular = format(row.element.raisedPrice ?? row.element.product.price)
            return row.element.offerPrice.map { format($0) + "→" + regular } ?? regular
        }
        let priceWidth = prices.map(DisplayWidth.of).max() ?? 0
        // The price is never cut and what the user has is shown whole where it can be: the title
        // gives way, down to 8 columns; an offer's word gives way first, so that a title keeps 14,
        // then `price↑` before `consent?`. What still does not fit ends in `…`.
        let room = rect.width - 2 - (priceWidth + 1) - (typeWidth + 1) - 1
        func titleWidth(_ statuses: [String]) -> Int {
            room - (statuses.map(DisplayWidth.of).max() ?? 0)
        }
        var statuses = rows.map { status($0.element, now: model.now, language, format: format, offerWord: true, short: false) }
        if titleWidth(statuses) < 14 {
            statuses = rows.map { status($0.element, now: model.now, language, format: format, offerWord: false, short: false) }
        }
        if titleWidth(statuses) < 8 {
            statuses = rows.map { status($0.element, now: model.now, language, format: format, offerWord: false, short: true) }
        }
        let titleWidth = max(8, titleWidth(statuses))
        statuses = statuses.map { clipped($0, room - titleWidth) }
        for (line, (index, row)) in rows.enumerated() {
            let selected = index == state.selection
            let text = (selected ? "▶ " : "  ")
                + fit(row.product.title(locale: state.locale), titleWidth) + " "
                + fit(prices[line], priceWidth) + " " + fit(language(typeName(row.product.type, short: typeWidth < 15)), typeWidth) + " "
                + statuses[line]
            buffer.put(text, x: rect.x, y: rect.y + 1 + line, style: selected ? .reverse : (row.invalid ? .dim : []),
                       limit: rect.width)
        }
    }

    static func typeName(_ type: ProductType, short: Bool) -> Phrase {
        switch type {
        case .consumable: short ? .consumableShort : .consumable
        case .nonConsumable: short ? .nonConsumableShort : .nonConsumable
        case .autoRenewable: short ? .autoRenewableShort : .autoRenewable
        case .nonRenewing: short ? .nonRenewingShort : .nonRenewing
        }
    }

    /// What the user has of the product, in a few characters, and where they stand with a price
    /// increase; a date carries its year when it is not the current one. A subscription whose
    /// period was bought under an offer (other than a free trial, which says `trial`) shows what
    /// the offer charged, after the offer's word when `offerWord`: `promo $0.99→03-09`; `short`
    /// asks for consent, and tells of a refund, in fewer columns (`consent?`).
    private static func status(_ row: CatalogRow, now: Date, _ language: Language, format: (Decimal) -> String,
                               offerWord: Bool, short: Bool) -> String {
        let held = holding(row, now: now, language, offer: row.currentOffer.flatMap { offer in
            offer.isFreeTrial ? nil : (offerWord ? language(TransactionsView.offerWord(offer)) + " " : "") + format(offer.price)
        }, short: short)
        guard let consent = row.priceConsent else { return held }
        return (held.isEmpty ? "" : held + " ") + language(consentPhrase(consent, short: short))
    }

    /// A subscriber's answer to a price increase, in a few words (fewer when `short`).
    static func consentPhrase(_ consent: PriceConsent, short: Bool = false) -> Phrase {
        switch consent {
        case .pending: short ? .consentNeededShort : .consentNeeded
        case .agreed: .priceAgreed
        case .declined: .priceDeclined
        }
    }

    /// What the user has of the product; `offer`, what the current period's offer charged. A
    /// refund the Server has not heard of names both parties, or only the Store's (`short`).
    private static func holding(_ row: CatalogRow, now: Date, _ language: Language, offer: String?, short: Bool) -> String {
        if row.invalid { return language(.invalid) }
        if let billing = row.billing {
            return billing.graceUntil.map { language(.graceUntil, day($0, now: now)) } ?? language(.billingRetry)
        }
        if let starts = row.startsAt, row.holding == .none || row.holding == .expired {
            return language(.startsAt, day(starts, now: now))
        }
        switch row.holding {
        case .credited(let count): return "×\(count)"
        case .none: return ""
        case .owned: return language(.owned)
        case .refundedStillGranted: return language(short ? .storeRefunded : .storeRefundedServerGrants)
        case .expired: return language(.expired)
        case .until(let expires, let trial):
            if let offer, !trial { return language(.offerUntil, offer, day(expires, now: now)) }
            return language(trial ? .trialUntil : .until, day(expires, now: now))
        }
    }

    /// A date as `MM-DD` in the current year, else `YYYY-MM-DD`.
    static func day(_ date: Date, now: Date) -> String {
        let full = SimulatedTime.format(date).prefix(10)
        return full.prefix(4) == SimulatedTime.format(now).prefix(4) ? String(full.dropFirst(5)) : String(full)
    }
}
