/// A subscription's `subscriptionState` in `purchases.subscriptionsv2`'s `SubscriptionPurchaseV2`:
/// "The current state of the subscription." Only the states StoreSim's Play reaches are here.
public enum PlaySubscriptionState: String, Sendable, Codable, CaseIterable {
    /// "Subscription was created but awaiting payment during signup."
    case pending = "SUBSCRIPTION_STATE_PENDING"
    /// "Subscription is active."
    case active = "SUBSCRIPTION_STATE_ACTIVE"
    /// "Subscription is in grace period. The state is only available when the subscription is an
    /// auto renewing plan." The user keeps access while Play retries the payment.
    case inGracePeriod = "SUBSCRIPTION_STATE_IN_GRACE_PERIOD"
    /// "Subscription is on hold (suspended). The state is only available when the subscription is
    /// an auto renewing plan." No access while Play retries the payment.
    case onHold = "SUBSCRIPTION_STATE_ON_HOLD"
    /// "Subscription is canceled but not expired yet."
    case canceled = "SUBSCRIPTION_STATE_CANCELED"
    /// "Subscription is expired."
    case expired = "SUBSCRIPTION_STATE_EXPIRED"
    /// "Pending transaction for subscription is canceled."
    case pendingPurchaseCanceled = "SUBSCRIPTION_STATE_PENDING_PURCHASE_CANCELED"
}
