import Foundation
import IAPCore
import Storage

/// The renewal information a notification about an auto-renewable subscription carries, and the
/// ends of periods the Store tells the Server of as the clock passes them: a subscription whose
/// auto-renew was off ends with its period (`EXPIRED`, `VOLUNTARY`), one the sandbox stopped
/// renewing ends with its last period (`EXPIRED`), a billing grace period ends while the billing
/// retry goes on (`GRACE_PERIOD_EXPIRED`).
extension Store {
    /// The JWS of the renewal information of the subscription `record` belongs to, as it is at
    /// `now`; nil for a product that is not an auto-renewable subscription.
    func signedRenewalInfo(of record: StoreRecord, at now: Date,
                           expirationIntent: RenewalInfoPayload.ExpirationIntent?) throws(StorageError) -> String? {
        guard catalog.type(ofProduct: record.productId) == .autoRenewable else { return nil }
        let original = record.originalId
        let retrying = try database.setting("billing-retry:\(original)") != nil
        let grace = retrying ? try database.setting("grace-until:\(original)").flatMap(Int64.init) : nil
        let renewsAs = try database.setting("renew-to:\(original)") ?? record.productId
        var payload = RenewalInfoPayload(
            originalTransactionId: original.description, productId: record.productId,
            autoRenewProductId: renewsAs,
            autoRenewStatus: try database.setting("autorenew:\(original)") == "off" ? 0 : 1,
            expirationIntent: expirationIntent, isInBillingRetryPeriod: retrying, gracePeriodExpiresDate: grace,
            signedDate: SimulatedTime.millis(now), environment: signedEnvironment)
        try describeNextRenewal(of: record, as: renewsAs, in: &payload)
        payload.eligibleWinBackOfferIds = try eligibleWinBackOfferIds(of: record, at: now)
        return try signJWS(payload, what: "the renewal information of transaction \(record.id)")
    }

    /// What renewal information tells beyond the renewal's state: when the period ends, what
    /// the next renewal charges and under which offer, where a price increase stands, when the
    /// subscription began, and whose it is.
    private func describeNextRenewal(of record: StoreRecord, as productId: String,
                                     in payload: inout RenewalInfoPayload) throws(StorageError) {
        let original = record.originalId
        payload.renewalDate = expiry(of: record).map(SimulatedTime.millis)
        payload.currency = catalog.storefront.currencyCode
        var price = try currentPrice(productId)
        if let waiting = try database.setting(Self.renewalOfferPrefix + original.description).flatMap(AppliedOffer.init(stored:)),
           let product = catalog.product(id: productId), let terms = waiting.terms(of: product) {
            payload.offerType = waiting.type.rawValue
            payload.offerIdentifier = waiting.id
            payload.offerDiscountType = terms.discountType
            payload.offerPeriod = terms.wholePeriod.description
            price = terms.chargedPrice
        }
        payload.renewalPrice = price.map(Self.milliunits)
        let consent = try database.setting(Self.consentPrefix + original.description).flatMap(PriceConsent.init(rawValue:))
        payload.priceIncreaseStatus = consent == .pending ? 0 : consent == .agreed ? 1 : nil
        payload.recentSubscriptionStartDate = SimulatedTime.millis(try originalRecord(of: record).date)
        payload.appAccountToken = try appAccountToken(of: original)
        payload.appTransactionId = try appTransactionId(of: record.account)
    }

    /// Tells the Server of every end of a period that fell after `since` and by the link's now:
    /// a grace period over while the billing retry goes on, a period over for a subscription
    /// that no longer auto-renews. Each is told once (a crash before the clock was saved and the
    /// same advance again tells nothing twice); nothing while the notifications are off.
    public func notifyEndedPeriods(since: Date, link: Link) throws(StoreError) {
        guard notificationsOn else { return }
        try store { () throws(StorageError) in try keepingSchedule { () throws(StorageError) in
            let (from, to) = (SimulatedTime.millis(since), SimulatedTime.millis(link.now))
            // Only the subscriptions with an end in the window, which the schedule finds.
            for latest in try withSchedule({ $0.noticed(after: from, through: to) }) {
                let key = latest.originalId
                let retry = try database.setting("billing-retry:\(key)"), autorenew = try database.setting("autorenew:\(key)")
                if retry != nil, let until = try database.setting("grace-until:\(key)").flatMap({ Int64($0) }),
                   until > from, until <= to {
                    try tellGracePeriodExpired(latest, until: until, at: link.now)
                }
                if autorenew == "off", retry == nil, let end = expiry(of: latest).map(SimulatedTime.millis),
                   end > from, end <= to, try database.setting("expiry-told:\(key)") != String(end) {
                    try notify(.expired, subtype: "VOLUNTARY", about: latest, at: link.now, expirationIntent: .customerCancelled)
                    try markExpiryTold(latest)
                }
                if autorenew != "off", retry == nil {
                    try tellSandboxEnd(latest, from: from, to: to, at: link.now)
                }
            }
        } }
    }

    /// Tells the Server, once, that the grace period of `latest`'s subscription, which ended at
    /// `until` (milliseconds), is over while the billing retry goes on.
    func tellGracePeriodExpired(_ latest: StoreRecord, until: Int64, at now: Date) throws(StorageError) {
        let key = "grace-told:\(latest.originalId)"
        guard notificationsOn, try database.setting(key) != String(until) else { return }
        try notify(.gracePeriodExpired, about: latest, at: now)
        try database.setSetting(key, String(until))
    }

    /// Notes that the Server was told the subscription of `latest` expired with its period, so
    /// the passing clock does not tell it again.
    func markExpiryTold(_ latest: StoreRecord) throws(StorageError) {
        guard notificationsOn, let end = expiry(of: latest) else { return }
        try database.setSetting("expiry-told:\(latest.originalId)", String(SimulatedTime.millis(end)))
    }
}
