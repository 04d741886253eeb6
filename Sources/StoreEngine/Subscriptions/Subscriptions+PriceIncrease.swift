import Foundation
import IAPCore
import Storage

/// Price increases of auto-renewable subscriptions that require the subscriber's consent: the
/// Store raises a product's price, asks each subscriber whose subscription renews as it
/// (`PRICE_INCREASE` / `PENDING`), and at the renewal charges the new price to one who agreed
/// (`PRICE_INCREASE` / `ACCEPTED` when they did) or lets the subscription expire at the end of
/// its period for one who declined or never answered (`EXPIRED` / `PRICE_INCREASE`, Apple's
/// expiration intent 3).
extension Subscriptions {
    /// Raises the price of a subscription to `price`: every subscription that renews as it is
    /// asked for consent, told on the timeline and, when notifications are on, to the Server.
    func raisePrice(productId: String, to price: Decimal, link: Link) throws(StoreError) {
        try checkPriceIncrease(productId: productId, to: price)
        try store { () throws(StorageError) in
            try database.database.transaction { () throws(StorageError) in
                try database.setSetting(Prices.pricePrefix + productId, "\(price)")
                for subscriber in try periods.renewableSubscriptions() where try renewalTarget(of: subscriber) == productId {
                    try database.setSetting(Prices.consentPrefix + subscriber.originalId.description, PriceConsent.pending.rawValue)
                    let renewal = periods.expiry(of: subscriber).map(SimulatedTime.format) ?? ""
                    link.note(.store(.priceIncreaseAsked(productId: productId, price: prices.format(price), account: subscriber.account, renewal: renewal)),
                              from: .store, to: nil, transactionId: subscriber.id)
                    try notifications.notify(.priceIncrease, subtype: "PENDING", about: subscriber, at: link.now)
                }
            }
        }
    }

    /// Refuses a price that is not above the product's price now, before anything is told.
    func checkPriceIncrease(productId: String, to price: Decimal) throws(StoreError) {
        let current = try store { () throws(StorageError) in try prices.currentPrice(productId) } ?? 0
        guard price > current else {
            throw .refused(.priceNotAbove(productId: productId, current: prices.format(current)))
        }
    }

    /// The signed-in subscriber answers the price increase of their subscription to `productId`.
    func consent(productId: String, agrees: Bool, at now: Date) throws(StoreError) {
        let waiting = try store { () throws(StorageError) -> StoreRecord? in
            let consents = try database.settings(prefix: Prices.consentPrefix)
            var found: StoreRecord?
            for subscriber in try periods.renewableSubscriptions()
            where subscriber.account == account && consents[subscriber.originalId.description] == PriceConsent.pending.rawValue {
                if try renewalTarget(of: subscriber) == productId { found = subscriber }
            }
            return found
        }
        guard let waiting else { throw .refused(.noConsentWaiting(productId: productId, account: account)) }
        try store { () throws(StorageError) in
            try database.setSetting(Prices.consentPrefix + waiting.originalId.description,
                                    (agrees ? PriceConsent.agreed : .declined).rawValue)
            if agrees { try notifications.notify(.priceIncrease, subtype: "ACCEPTED", about: waiting, at: now) }
        }
    }

    /// The prices price increases set, by product, read in one query.
    func raisedPrices() throws(StoreError) -> [String: Decimal] {
        let stored = try store { () throws(StorageError) in try database.settings(prefix: Prices.pricePrefix) }
        return Dictionary(stored.compactMap { key, value in Decimal(string: value).map { (key, $0) } }, uniquingKeysWith: { _, last in last })
    }

    /// Where each subscription (by original id) stands with a price increase, read in one query.
    func priceConsents() throws(StoreError) -> [TransactionID: PriceConsent] {
        let stored = try store { () throws(StorageError) in try database.settings(prefix: Prices.consentPrefix) }
        return Dictionary(stored.compactMap { key, value in TransactionID(key).flatMap { id in PriceConsent(rawValue: value).map { (id, $0) } } },
                          uniquingKeysWith: { _, last in last })
    }

    /// What each transaction charged at a price other than the catalog's, read in one query.
    func chargedPrices() throws(StoreError) -> [TransactionID: Decimal] {
        try store { () throws(StorageError) in try RefundFigures.amounts(Prices.chargedPrefix, in: database) }
    }

    /// Whether the subscription of `latest` renews as far as a price increase is concerned: yes
    /// without one or with consent (used up by this renewal); a subscriber who declined or never
    /// answered has the subscription expire at the end of its period (ending a billing retry).
    func consentAllowsRenewal(_ latest: StoreRecord, at now: Date, notes: inout [(StoreStep, TransactionID)]) throws(StorageError) -> Bool {
        let key = Prices.consentPrefix + latest.originalId.description
        guard let answer = try database.setting(key).flatMap(PriceConsent.init(rawValue:)) else { return true }
        try database.removeSetting(key)
        guard answer != .agreed else { return true }
        try database.setSetting("autorenew:\(latest.originalId)", "off")
        try database.setSetting(Notifications.expirationIntentPrefix + latest.originalId.description,
                                String(RenewalInfoPayload.ExpirationIntent.priceIncrease.rawValue))
        try database.removeSetting("billing-retry:\(latest.originalId)")
        try database.removeSetting("grace-until:\(latest.originalId)")
        notes.append((.expiredAfterPriceIncrease(productId: latest.productId, declined: answer == .declined), latest.id))
        try notifications.notify(.expired, subtype: "PRICE_INCREASE", about: latest, at: now, expirationIntent: .priceIncrease)
        try notifications.markExpiryTold(latest)
        return false
    }

    /// The product a subscription renews as: the one a waiting change chose, else its own.
    private func renewalTarget(of latest: StoreRecord) throws(StorageError) -> String {
        try database.setting("renew-to:\(latest.originalId)") ?? latest.productId
    }
}
