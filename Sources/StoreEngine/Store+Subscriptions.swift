import Foundation
import IAPCore
import Storage

/// Auto-renewable subscriptions, as `Subscriptions` and `SubscriptionPeriods` keep them.
extension Store {
    /// When the period a transaction paid for ends: a subscription period (the offer's period for
    /// one bought or renewed under an offer), a non-renewing duration; nil for products that
    /// never expire.
    public func expiry(of record: StoreRecord) -> Date? {
        periods.expiry(of: record)
    }

    /// The expiry of `record` bought under `offer` (nil: the regular price), ended early at
    /// `ended` when it was (`expire`, or an upgrade that replaced it), by `catalog`'s terms:
    /// what a reader of the Store's files, without the Store, works out the same way.
    public static func expiry(of record: StoreRecord, offer: AppliedOffer?, ended: Date?, catalog: Catalog) -> Date? {
        guard let product = catalog.product(id: record.productId) else { return nil }
        if let ended { return ended }
        switch product.type {
        case .autoRenewable:
            return (offer.flatMap { $0.terms(of: product) }?.period ?? product.period)?.added(to: record.date)
        case .nonRenewing:
            return product.duration?.added(to: record.date)
        case .consumable, .nonConsumable:
            return nil
        }
    }

    /// The transactions whose period ended early (`expire`, or an upgrade or a crossgrade that
    /// replaced them), with when, read from a possibly live database.
    public static func readEarlyEnds(path: String) throws(StorageError) -> [TransactionID: Date] {
        try SubscriptionPeriods.earlyEnds(in: StoreDatabase(path: path, readOnly: true))
    }

    /// The transactions whose period ended early, with when.
    public func earlyEnds() throws(StoreError) -> [TransactionID: Date] {
        try store { () throws(StorageError) in try SubscriptionPeriods.earlyEnds(in: database) }
    }

    /// The subscriptions (by the original id that started each) whose user turned auto-renew off.
    public func autoRenewOff() throws(StoreError) -> Set<TransactionID> {
        try subscriptions.autoRenewOff()
    }

    /// Renews every subscription whose period has ended by `now` and that still auto-renews.
    public func renewDueSubscriptions(link: Link) throws(StoreError) {
        try subscriptions.renewDueSubscriptions(link: link)
    }

    /// When the next renewal falls due; nil when no subscription auto-renews.
    public func nextRenewalDue() throws(StoreError) -> Date? {
        try subscriptions.nextRenewalDue()
    }

    /// Tells the Server of every end of a period that fell after `since` and by the link's now.
    public func notifyEndedPeriods(since: Date, link: Link) throws(StoreError) {
        try subscriptions.notifyEndedPeriods(since: since, link: link)
    }

    /// The user turns auto-renew of a subscription on or off; returns what the Store did besides.
    @discardableResult
    public func setAutoRenew(productId: String, on: Bool, at now: Date) throws(StoreError) -> StoreStep? {
        try subscriptions.setAutoRenew(productId: productId, on: on, at: now)
    }

    /// Ends a subscription now: its current period is over and it does not renew.
    public func expire(productId: String, at now: Date) throws(StoreError) {
        try subscriptions.expire(productId: productId, at: now)
    }

    /// Renews a subscription of the signed-in account now (StoreKit Testing's renew now).
    public func renewNow(productId: String, link: Link) throws(StoreError) {
        try subscriptions.renewNow(productId: productId, link: link)
    }

    /// Renewals of `productId` for the signed-in account cannot (`fails`) or can be charged.
    public func setBilling(productId: String, fails: Bool) throws(StoreError) {
        try subscriptions.setBilling(productId: productId, fails: fails)
    }

    /// The products whose renewals cannot be charged for the signed-in account.
    public func failingBilling() throws(StoreError) -> [String] {
        try subscriptions.failingBilling()
    }

    /// Every subscription in billing retry, by its original id.
    public func billingRetries() throws(StoreError) -> [TransactionID: BillingRetry] {
        try subscriptions.billingRetries()
    }

    /// Raises the price of a subscription, asking every subscriber whose subscription renews as it.
    public func raisePrice(productId: String, to price: Decimal, link: Link) throws(StoreError) {
        try subscriptions.raisePrice(productId: productId, to: price, link: link)
    }

    /// Refuses a price that is not above the product's price now, before anything is told.
    public func checkPriceIncrease(productId: String, to price: Decimal) throws(StoreError) {
        try subscriptions.checkPriceIncrease(productId: productId, to: price)
    }

    /// The signed-in subscriber answers the price increase of their subscription to `productId`.
    public func consent(productId: String, agrees: Bool, at now: Date) throws(StoreError) {
        try subscriptions.consent(productId: productId, agrees: agrees, at: now)
    }

    /// The prices price increases set, by product, read in one query.
    public func raisedPrices() throws(StoreError) -> [String: Decimal] {
        try subscriptions.raisedPrices()
    }

    /// Where each subscription (by original id) stands with a price increase, read in one query.
    public func priceConsents() throws(StoreError) -> [TransactionID: PriceConsent] {
        try subscriptions.priceConsents()
    }

    /// What each transaction charged at a price other than the catalog's, read in one query.
    public func chargedPrices() throws(StoreError) -> [TransactionID: Decimal] {
        try subscriptions.chargedPrices()
    }

    /// The prorated refunds of subscriptions an upgrade or a crossgrade ended, by transaction.
    public func proratedRefunds() throws(StoreError) -> [TransactionID: Decimal] {
        try subscriptions.proratedRefunds()
    }

    /// What each refund paid back, by the refunded transaction, read in one query.
    public func refundedAmounts() throws(StoreError) -> [TransactionID: Decimal] {
        try subscriptions.refundedAmounts()
    }

    /// The changes waiting for a renewal: the product each subscription renews as.
    public func pendingChanges() throws(StoreError) -> [TransactionID: String] {
        try subscriptions.pendingChanges()
    }
}
