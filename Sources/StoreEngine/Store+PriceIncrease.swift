import Foundation
import IAPCore
import Storage

/// Price increases of auto-renewable subscriptions that require the subscriber's consent: the
/// Store raises a product's price, asks each subscriber whose subscription renews as it
/// (`PRICE_INCREASE` / `PENDING`), and at the renewal charges the new price to one who agreed
/// (`PRICE_INCREASE` / `ACCEPTED` when they did) or lets the subscription expire at the end of
/// its period for one who declined or never answered (`EXPIRED` / `PRICE_INCREASE`, Apple's
/// expiration intent 3).
extension Store {
    private static let pricePrefix = "store-price:"
    static let consentPrefix = "price-consent:"
    static let chargedPrefix = "charged-price:"

    /// The price the Store asks for a product now: the catalog's, or the one a price increase set.
    func currentPrice(_ productId: String) throws(StorageError) -> Decimal? {
        if let raised = try database.setting(Self.pricePrefix + productId).flatMap({ Decimal(string: $0) }) { return raised }
        return catalog.product(id: productId)?.price
    }

    /// Raises the price of a subscription to `price`: every subscription that renews as it is
    /// asked for consent, told on the timeline and, when notifications are on, to the Server.
    public func raisePrice(productId: String, to price: Decimal, link: Link) throws(StoreError) {
        try checkPriceIncrease(productId: productId, to: price)
        try store { () throws(StorageError) in
            try database.database.transaction { () throws(StorageError) in
                try database.setSetting(Self.pricePrefix + productId, "\(price)")
                for subscriber in try renewableSubscriptions() where try renewalTarget(of: subscriber) == productId {
                    try database.setSetting(Self.consentPrefix + subscriber.originalId.description, PriceConsent.pending.rawValue)
                    let renewal = expiry(of: subscriber).map(SimulatedTime.format) ?? ""
                    link.note(.store(.priceIncreaseAsked(productId: productId, price: format(price), account: subscriber.account, renewal: renewal)),
                              from: .store, to: nil, transactionId: subscriber.id)
                    try notify(.priceIncrease, subtype: "PENDING", about: subscriber, at: link.now)
                }
            }
        }
    }

    /// Refuses a price that is not above the product's price now, before anything is told.
    public func checkPriceIncrease(productId: String, to price: Decimal) throws(StoreError) {
        let current = try store { () throws(StorageError) in try currentPrice(productId) } ?? 0
        guard price > current else {
            throw .refused(.priceNotAbove(productId: productId, current: format(current)))
        }
    }

    /// The signed-in subscriber answers the price increase of their subscription to `productId`.
    public func consent(productId: String, agrees: Bool, at now: Date) throws(StoreError) {
        let waiting = try store { () throws(StorageError) -> StoreRecord? in
            let consents = try database.settings(prefix: Self.consentPrefix)
            var found: StoreRecord?
            for subscriber in try renewableSubscriptions()
            where subscriber.account == account && consents[subscriber.originalId.description] == PriceConsent.pending.rawValue {
                if try renewalTarget(of: subscriber) == productId { found = subscriber }
            }
            return found
        }
        guard let waiting else { throw .refused(.noConsentWaiting(productId: productId, account: account)) }
        try store { () throws(StorageError) in
            try database.setSetting(Self.consentPrefix + waiting.originalId.description,
                                    (agrees ? PriceConsent.agreed : .declined).rawValue)
            if agrees { try notify(.priceIncrease, subtype: "ACCEPTED", about: waiting, at: now) }
        }
    }

    /// The prices price increases set, by product, read in one query.
    public func raisedPrices() throws(StoreError) -> [String: Decimal] {
        let stored = try store { () throws(StorageError) in try database.settings(prefix: Self.pricePrefix) }
        return Dictionary(stored.compactMap { key, value in Decimal(string: value).map { (key, $0) } }, uniquingKeysWith: { _, last in last })
    }

    /// Where each subscription (by original id) stands with a price increase, read in one query.
    public func priceConsents() throws(StoreError) -> [TransactionID: PriceConsent] {
        let stored = try store { () throws(StorageError) in try database.settings(prefix: Self.consentPrefix) }
        return Dictionary(stored.compactMap { key, value in TransactionID(key).flatMap { id in PriceConsent(rawValue: value).map { (id, $0) } } },
                          uniquingKeysWith: { _, last in last })
    }

    /// What each transaction charged at a price other than the catalog's, read in one query.
    public func chargedPrices() throws(StoreError) -> [TransactionID: Decimal] {
        try store { () throws(StorageError) in try RefundFigures.amounts(Self.chargedPrefix, in: database) }
    }

    /// What a transaction charged (`Store.chargedPrice(of:offer:kept:catalog:)`).
    func chargedPrice(_ record: StoreRecord) throws(StorageError) -> Decimal {
        let kept = try database.setting(Self.chargedPrefix + record.id.description).flatMap { Decimal(string: $0) }
        return Self.chargedPrice(of: record, offer: appliedOffer(of: record), kept: kept, catalog: catalog)
    }

    /// Keeps what a new charged transaction pays when a price increase made it differ from the
    /// catalog's price, before it is signed; returns what the timeline is told.
    func recordPrice(of record: StoreRecord) throws(StorageError) -> StoreStep? {
        guard record.charged, record.kind != .trial, let price = try currentPrice(record.productId),
              price != catalog.product(id: record.productId)?.price else { return nil }
        try database.setSetting(Self.chargedPrefix + record.id.description, "\(price)")
        return .chargedIncreasedPrice(productId: record.productId, record.id, price: format(price))
    }

    /// Whether the subscription of `latest` renews as far as a price increase is concerned: yes
    /// without one or with consent (used up by this renewal); a subscriber who declined or never
    /// answered has the subscription expire at the end of its period (ending a billing retry).
    func consentAllowsRenewal(_ latest: StoreRecord, at now: Date, notes: inout [(StoreStep, TransactionID)]) throws(StorageError) -> Bool {
        let key = Self.consentPrefix + latest.originalId.description
        guard let answer = try database.setting(key).flatMap(PriceConsent.init(rawValue:)) else { return true }
        try database.removeSetting(key)
        guard answer != .agreed else { return true }
        try database.setSetting("autorenew:\(latest.originalId)", "off")
        try database.removeSetting("billing-retry:\(latest.originalId)")
        try database.removeSetting("grace-until:\(latest.originalId)")
        notes.append((.expiredAfterPriceIncrease(productId: latest.productId, declined: answer == .declined), latest.id))
        try notify(.expired, subtype: "PRICE_INCREASE", about: latest, at: now, expirationIntent: .priceIncrease)
        try markExpiryTold(latest)
        return false
    }

    /// The product a subscription renews as: the one a waiting change chose, else its own.
    private func renewalTarget(of latest: StoreRecord) throws(StorageError) -> String {
        try database.setting("renew-to:\(latest.originalId)") ?? latest.productId
    }

    /// A price as the timeline tells it, with its currency's decimals (`US$1.50`).
    func format(_ price: Decimal) -> String {
        catalog.storefront.format(price, locale: "en")
    }
}
