import Foundation
import IAPCore
import Storage

/// The Developer API's subscriptions: `purchases.subscriptionsv2.get`. Acknowledging a
/// subscription (`purchases.subscriptions.acknowledge`) is `acknowledge(token:by:now:)`: Google,
/// "All initial subscription purchases need to be acknowledged. Subscription renewals don't need
/// to be acknowledged."
extension PlayStore {
    /// The billing country of every account StoreSim's Play knows: the United States.
    public static let regionCode = "US"

    /// `purchases.subscriptionsv2.get`: Google, "Get metadata about a subscription". Refused
    /// when no subscription has the token (a one-time product's token included).
    public func subscriptionPurchase(token: String, now: Date) throws(PlayError) -> SubscriptionPurchaseV2 {
        guard let record = try read({ () throws(StorageError) in try database.record(token: token) }),
              let basePlan = basePlans[record.productId],
              let purchase = record.subscriptionPurchase(basePlan: basePlan, at: SimulatedTime.millis(now)) else {
            throw .refused(.tokenNotFound(token))
        }
        return purchase
    }
}

extension PlayPurchaseRecord {
    /// The subscription as `purchases.subscriptionsv2.get` answers it at `millis`, its one line
    /// item the base plan bought (none while PENDING); nil for a one-time product.
    func subscriptionPurchase(basePlan: PlayBasePlan, at millis: Int64) -> SubscriptionPurchaseV2? {
        guard let state = subscriptionState(at: millis) else { return nil }
        let lineItems = expiryMillis.map { expiry in
            [SubscriptionPurchaseV2.LineItem(productId: basePlan.subscriptionId, expiryTimeMillis: expiry, autoRenewEnabled: autoRenewing,
                                             basePlanId: basePlan.basePlanId, offerId: offer(of: basePlan)?.offerId,
                                             offerPhase: offerPhase(of: basePlan), latestSuccessfulOrderId: latestOrderId)]
        } ?? []
        return SubscriptionPurchaseV2(regionCode: PlayStore.regionCode, lineItems: lineItems, startTimeMillis: purchasedMillis,
                                      subscriptionState: state, acknowledgementState: isAcknowledged ? .acknowledged : .pending,
                                      obfuscatedExternalAccountId: obfuscatedAccountId)
    }
}
