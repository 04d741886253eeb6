import Foundation
import IAPCore
import Storage

/// The Billing Library's calls on the device, and the pending payments that complete or are
/// canceled after the app's call ended.
extension PlayStore {
    /// `launchBillingFlow`: the person buys `productId` on the sheet (`mode`), and the app hears
    /// `onPurchasesUpdated`. ITEM_ALREADY_OWNED ("The purchase failed because the item is already
    /// owned.") when `account` holds a purchase of the product: one not consumed and not voided.
    /// Google, of consumables: "the consumeAsync() method … also enables your app to make the
    /// one-time product available for purchase again", so a consumed purchase no longer blocks;
    /// Play keeps no consumable flag (whether a product is consumed is the app's or the Server's
    /// call), so the rule is the same for every one-time product. A PENDING purchase blocks too
    /// (StoreSim's reading: Google returns pending purchases as held, in `queryPurchasesAsync`).
    /// USER_CANCELED makes no purchase; OK issues one, PURCHASED or PENDING (a delayed form of
    /// payment, or a slow test card, which resolves itself `slowCardDelayMillis` later). A
    /// subscription's base plan is held while any base plan of its subscription is held and not
    /// expired (StoreSim's reading: changing plans is `SubscriptionUpdateParams`, not simulated);
    /// its purchase is `SUBS`, renewing automatically, its period starting once PURCHASED. With
    /// `offerId` the app passes the `offerToken` of the base plan's offer (`offerRefusal`).
    public func launchBillingFlow(productId: String, offerId: String? = nil, account: String, obfuscatedAccountId: String?,
                                  mode: BillingFlowMode, now: Date) throws(PlayError) -> PurchasesUpdated {
        try change { () throws(StorageError) -> Result<PurchasesUpdated, PlayRefusal> in
            guard try held(account: account, productId: productId, at: SimulatedTime.millis(now)).isEmpty else {
                return .success(PurchasesUpdated(billingResult: BillingResult(.itemAlreadyOwned, debugMessage: "Item is already owned."),
                                                 purchases: []))
            }
            if let offerId, let refusal = try offerRefusal(offerId, productId: productId, account: account) {
                return .success(PurchasesUpdated(billingResult: refusal, purchases: []))
            }
            guard mode != .cancel else {
                return .success(PurchasesUpdated(billingResult: BillingResult(.userCanceled), purchases: []))
            }
            let slowCard: PlayPurchaseRecord.SlowCard? = switch mode {
            case .slowApprove: .approves
            case .slowDecline: .declines
            case .confirm, .cancel, .pending: nil
            }
            let record = try issue(productId: productId, account: account, obfuscatedAccountId: obfuscatedAccountId,
                                   state: mode == .confirm ? .purchased : .pending, slowCard: slowCard, basePlan: basePlans[productId],
                                   offerId: offerId, now: now)
            try database.insert(record)
            try publishResolution(of: record, at: record.createdMillis)
            return .success(PurchasesUpdated(billingResult: BillingResult(.ok), purchases: [record.billingPurchase].compactMap { $0 }))
        }
    }

    /// The pending payment of the purchase `token` completes: PURCHASED from `now`, which starts
    /// its three days. Google: "The three day acknowledgement window begins only when the
    /// purchase state transitions from 'PENDING' to 'PURCHASED'." Returns the purchase as
    /// `onPurchasesUpdated` (or the next `queryPurchasesAsync`) hands it to the app.
    public func approvePending(token: String, now: Date) throws(PlayError) -> PlayPurchase {
        try resolvePending(token: token, now: now) { record in
            becomePurchased(&record, at: SimulatedTime.millis(now))
        }.billingPurchase(as: .purchased)
    }

    /// The pending payment of the purchase `token` is canceled: Google, "This can happen if your
    /// customer does not complete payment in the required timeframe." The purchase is never held.
    public func declinePending(token: String, now: Date) throws(PlayError) -> PlayPurchaseRecord {
        try resolvePending(token: token, now: now) { $0.state = .canceled }
    }

    /// `queryPurchasesAsync(INAPP)` and `queryPurchasesAsync(SUBS)`, which the app calls
    /// together: the purchases `account` holds at `now`, in the order made. Google: "Returns
    /// purchases details for currently owned items bought within your app. Only active
    /// subscriptions and non-consumed one-time purchases are returned." Voided ones are no longer
    /// owned, nor expired subscriptions; PENDING ones are returned, PENDING.
    public func queryPurchases(account: String, now: Date) throws(PlayError) -> [PlayPurchase] {
        try read { () throws(StorageError) in try database.owned(account: account) }
            .filter { !$0.isExpired(at: SimulatedTime.millis(now)) }.compactMap(\.billingPurchase)
    }

    /// The purchase becomes PURCHASED at `millis`: its three days begin, and a subscription's
    /// first period starts.
    func becomePurchased(_ record: inout PlayPurchaseRecord, at millis: Int64) {
        record.state = .purchased
        record.purchasedMillis = millis
        if record.isSubscription, let basePlan = basePlans[record.productId] { record.startPeriod(of: basePlan, at: millis) }
    }

    /// What `account` holds at `millis` that blocks buying `productId`: its own purchases (not
    /// consumed, not voided), or, for a subscription's base plan, those of every base plan of the
    /// subscription whose period has not ended.
    private func held(account: String, productId: String, at millis: Int64) throws(StorageError) -> [PlayPurchaseRecord] {
        guard let basePlan = basePlans[productId] else { return try database.owned(account: account, productId: productId) }
        let siblings = productIds(ofSubscription: basePlan.subscriptionId)
        return try database.owned(account: account).filter { siblings.contains($0.productId) && !$0.isExpired(at: millis) }
    }

    /// The catalog's product ids of every base plan of the subscription `subscriptionId`.
    private func productIds(ofSubscription subscriptionId: String) -> Set<String> {
        Set(basePlans.values.filter { $0.subscriptionId == subscriptionId }.map(\.productId))
    }

    /// Changes the pending purchase `token` with `resolve` at `now`, in one transaction, and
    /// publishes what became of it; refused when no purchase has the token or its payment is not pending.
    private func resolvePending(token: String, now: Date,
                                _ resolve: (inout PlayPurchaseRecord) -> Void) throws(PlayError) -> PlayPurchaseRecord {
        try change { () throws(StorageError) -> Result<PlayPurchaseRecord, PlayRefusal> in
            guard var record = try database.record(token: token) else { return .failure(.tokenNotFound(token)) }
            guard record.state == .pending else { return .failure(.notPending(record.orderId)) }
            resolve(&record)
            try database.update(record)
            try publishResolution(of: record, at: SimulatedTime.millis(now))
            return .success(record)
        }
    }

    /// The PENDING purchase of `productId` that `account` holds, nil when none waits.
    public func pendingPurchase(account: String, productId: String) throws(PlayError) -> PlayPurchaseRecord? {
        try read { () throws(StorageError) in try database.owned(account: account, productId: productId) }.first { $0.state == .pending }
    }

    /// Why Play refuses the offer `offerId` of `productId` to `account`, nil when it is granted.
    /// An offer the base plan does not have is an offer token the app cannot hold:
    /// DEVELOPER_ERROR, "Error resulting from incorrect usage of the API." The base plan's offer
    /// is for "New customer acquisition: Never had this subscription": an account that ever
    /// paid for any base plan of the subscription (then canceled, refunded or expired) is
    /// refused with the sub response code USER_INELIGIBLE, "Returned when the user doesn't meet
    /// the configured eligibility requirements for a subscription offer.", under ERROR ("Fatal
    /// error during the API action.": StoreSim's reading; Google names no response code for it).
    private func offerRefusal(_ offerId: String, productId: String, account: String) throws(StorageError) -> BillingResult? {
        guard let basePlan = basePlans[productId], basePlan.offer?.offerId == offerId else {
            return BillingResult(.developerError, debugMessage: "Invalid offer token: \(productId) has no offer \(offerId).")
        }
        guard try database.everPaid(account: account).isDisjoint(with: productIds(ofSubscription: basePlan.subscriptionId)) else {
            return BillingResult(.error, debugMessage: "The user is not eligible for this offer.", subResponseCode: .userIneligible)
        }
        return nil
    }

    /// A new purchase with the next order id and its token, made `now`.
    private func issue(productId: String, account: String, obfuscatedAccountId: String?, state: PlayPurchaseRecord.State,
                       slowCard: PlayPurchaseRecord.SlowCard?, basePlan: PlayBasePlan?, offerId: String?,
                       now: Date) throws(StorageError) -> PlayPurchaseRecord {
        let sequence = try database.nextSequence()
        guard let orderId = identifiers.orderId(sequence: sequence) else {
            throw StorageError(path: database.database.path, problem: "purchases: every one of the \(PlayIdentifiers.capacity) order numbers was issued; no new purchase fits")
        }
        return PlayPurchaseRecord(sequence: sequence, orderId: orderId, token: identifiers.token(of: orderId), productId: productId,
                                  account: account, obfuscatedAccountId: obfuscatedAccountId, state: state,
                                  createdMillis: SimulatedTime.millis(now), slowCard: slowCard, basePlan: basePlan, offerId: offerId)
    }
}
