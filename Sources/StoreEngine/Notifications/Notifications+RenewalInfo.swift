import Foundation
import IAPCore
import Storage

/// The renewal information a notification about an auto-renewable subscription carries, and the
/// ends of periods told once: a billing grace period over (`GRACE_PERIOD_EXPIRED`), a period
/// over for a subscription that no longer renews (`EXPIRED`).
extension Notifications {
    /// The JWS of the renewal information of the subscription `record` belongs to, as it is at
    /// `now`; nil for a product that is not an auto-renewable subscription.
    func signedRenewalInfo(of record: StoreRecord, at now: Date,
                           expirationIntent: RenewalInfoPayload.ExpirationIntent?) throws(StorageError) -> String? {
        guard catalog.type(ofProduct: record.productId) == .autoRenewable else { return nil }
        let state = try RenewalState(of: record.originalId, productId: record.productId, in: database)
        let intent: RenewalInfoPayload.ExpirationIntent?
        if let expirationIntent { intent = expirationIntent } else { intent = try endedIntent(of: record, retrying: state.retrying, at: now) }
        var payload = RenewalInfoPayload(
            originalTransactionId: record.originalId.description, productId: record.productId,
            autoRenewProductId: state.renewsAs, autoRenewStatus: state.autoRenews ? 1 : 0,
            expirationIntent: intent,
            isInBillingRetryPeriod: state.retrying, gracePeriodExpiresDate: state.graceUntilMillis,
            signedDate: SimulatedTime.millis(now), environment: signatures.signedEnvironment)
        try describeNextRenewal(of: record, state: state, in: &payload)
        payload.eligibleWinBackOfferIds = try offers.eligibleWinBackOfferIds(of: record, at: now)
        return try signatures.signJWS(payload, what: "the renewal information of transaction \(record.id)")
    }

    /// What renewal information tells beyond the renewal's state: when the period ends, what
    /// the next renewal charges and under which offer, where a price increase stands, when the
    /// subscription began, and whose it is.
    private func describeNextRenewal(of record: StoreRecord, state: RenewalState,
                                     in payload: inout RenewalInfoPayload) throws(StorageError) {
        payload.renewalDate = periods.expiry(of: record).map(SimulatedTime.millis)
        payload.currency = catalog.storefront.currencyCode
        var price = try prices.currentPrice(state.renewsAs)
        if let waiting = state.waitingOffer, let product = catalog.product(id: state.renewsAs), let terms = waiting.terms(of: product) {
            payload.offerType = waiting.type.rawValue
            payload.offerIdentifier = waiting.id
            payload.offerDiscountType = terms.discountType
            payload.offerPeriod = terms.wholePeriod.description
            price = terms.chargedPrice
        }
        payload.renewalPrice = price.map(Signatures.milliunits)
        payload.priceIncreaseStatus = state.consent == .pending ? 0 : state.consent == .agreed ? 1 : nil
        let purchase = try signatures.originalRecord(of: record)
        payload.recentSubscriptionStartDate = SimulatedTime.millis(try periods.startedAnew(record) ?? purchase.date)
        payload.appAccountToken = try signatures.appAccountToken(of: record.originalId)
        payload.appTransactionId = try signatures.ids.appTransactionId(of: record.account)
    }

    /// The setting that keeps why a subscription ended when its period alone does not say: a billing
    /// retry that ran out (2), a price increase not consented to (3). A new run of it clears it.
    static let expirationIntentPrefix = "expiration-intent:"

    /// Why `record`'s subscription expired, for renewal information signed after its period is over
    /// with no renewal to come (Apple, `expirationIntent`: "The reason an auto-renewable subscription
    /// expired"), as the `EXPIRED` notification told it: the reason kept when it ended, else 1 when
    /// its auto-renew was off, 5 ("Other") once the sandbox stopped renewing it; nil while it runs,
    /// while a billing retry goes on, or when its renewal is merely due.
    private func endedIntent(of record: StoreRecord, retrying: Bool, at now: Date) throws(StorageError) -> RenewalInfoPayload.ExpirationIntent? {
        guard !retrying, let end = periods.expiry(of: record), end <= now else { return nil }
        let original = record.originalId.description
        if let kept = try database.setting(Self.expirationIntentPrefix + original).flatMap(Int.init) {
            return RenewalInfoPayload.ExpirationIntent(rawValue: kept)
        }
        if try database.setting("autorenew:\(original)") == "off" { return .customerCancelled }
        let renewals = try database.setting("sandbox-renewals:\(original)").flatMap(Int.init) ?? 0
        return switches.environment == .sandbox && renewals >= Subscriptions.sandboxRenewalLimit ? .other : nil
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
        guard notificationsOn, let end = periods.expiry(of: latest) else { return }
        try database.setSetting("expiry-told:\(latest.originalId)", String(SimulatedTime.millis(end)))
    }
}
