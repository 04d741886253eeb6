/// The App Store Server Notifications V2 types the simulated Store posts (Apple's
/// `notificationType` values).
public enum NotificationType: String, Sendable, Codable, CaseIterable {
    /// A consumable, non-consumable or non-renewing subscription was bought.
    case oneTimeCharge = "ONE_TIME_CHARGE"
    /// A subscription was bought (subtype `INITIAL_BUY`, or `RESUBSCRIBE` when the customer
    /// had a subscription of the group before).
    case subscribed = "SUBSCRIBED"
    /// A subscription renewed (subtype `BILLING_RECOVERY` when a billing retry succeeded).
    case didRenew = "DID_RENEW"
    /// A renewal could not be charged: billing retry began (subtype `GRACE_PERIOD` while the
    /// grace period keeps access).
    case didFailToRenew = "DID_FAIL_TO_RENEW"
    /// The user turned auto-renew on or off (subtype `AUTO_RENEW_ENABLED` / `AUTO_RENEW_DISABLED`).
    case didChangeRenewalStatus = "DID_CHANGE_RENEWAL_STATUS"
    /// The customer changed plan within the group: `UPGRADE` (an upgrade or a crossgrade of the
    /// same period, charged at once) or `DOWNGRADE` (it takes effect at the next renewal).
    case didChangeRenewalPref = "DID_CHANGE_RENEWAL_PREF"
    /// A subscription ended (subtype `VOLUNTARY` when auto-renew was off, `BILLING_RETRY` when
    /// the retry ran out, or `PRICE_INCREASE` when the subscriber did not consent to a price increase).
    case expired = "EXPIRED"
    /// A billing grace period ended without a renewal; the billing retry goes on.
    case gracePeriodExpired = "GRACE_PERIOD_EXPIRED"
    /// The App Store refunded a transaction.
    case refund = "REFUND"
    /// Apple: "A notification type that indicates the App Store reversed a previously granted
    /// refund due to a dispute that the customer raised. If your app revoked content or services
    /// as a result of the related refund, it needs to reinstate them."
    case refundReversed = "REFUND_REVERSED"
    /// Apple: "A notification type that indicates the App Store declined a refund request."
    case refundDeclined = "REFUND_DECLINED"
    /// Apple: "…the customer initiated a refund request for a consumable In-App Purchase or
    /// auto-renewable subscription, and the App Store is requesting that you provide consumption
    /// data. For more information, see Send Consumption Information."
    case consumptionRequest = "CONSUMPTION_REQUEST"
    /// A subscription's price rose and the subscriber was asked to consent (subtype `PENDING`),
    /// or consented (`ACCEPTED`).
    case priceIncrease = "PRICE_INCREASE"
    /// A purchase a family member was entitled to through Family Sharing is no longer shared
    /// with them: the purchaser was refunded, or the purchaser or the member left the family.
    case revoke = "REVOKE"
    /// Apple, Request a Test Notification: the endpoint "prompts the App Store server to send your
    /// server a notification with the TEST notificationType". About no transaction: its `data`
    /// names the app and the environment only.
    case test = "TEST"
    /// Apple: "A notification type that indicates the App Store extended the subscription renewal
    /// date for a specific subscription. You request subscription-renewal-date extensions by
    /// calling Extend a Subscription Renewal Date or Extend Subscription Renewal Dates for All
    /// Active Subscribers in the App Store Server API."
    case renewalExtended = "RENEWAL_EXTENDED"
    /// Apple: "A notification type that, along with its subtype, indicates that a customer with an
    /// active subscription redeemed a subscription offer. If the subtype is UPGRADE, the customer
    /// redeemed an offer to upgrade their active subscription, which goes into effect immediately.
    /// If the subtype is DOWNGRADE, the customer redeemed an offer to downgrade their active
    /// subscription, which goes into effect at the next renewal date. If the customer redeemed an
    /// offer for their active subscription, you receive an OFFER_REDEEMED notification type without
    /// a subtype." It takes the place of `DID_CHANGE_RENEWAL_PREF` for a change made with an offer;
    /// an offer that starts or restarts a subscription is still `SUBSCRIBED` ("Customer redeems an
    /// offer code to subscribe for the first time": SUBSCRIBED INITIAL_BUY; "Customer redeems a
    /// promotional offer, offer code, or win-back offer after their subscription expired":
    /// SUBSCRIBED RESUBSCRIBE).
    case offerRedeemed = "OFFER_REDEEMED"

    /// Whether the notification tells of a payment the Server credits: it asks for the transaction
    /// and credits it once (one told of again, such as the paid period a change waiting for the
    /// renewal leaves running, was credited already and is not credited twice).
    public var charges: Bool {
        self == .oneTimeCharge || self == .subscribed || self == .didRenew || self == .didChangeRenewalPref || self == .offerRedeemed
    }
}

/// The hours after the first attempt at which the Store posts a notification again while the
/// Server has not acknowledged it; after the last it gives up (the history still has it).
public enum NotificationRetry {
    public static let hours: [Int64] = [1, 12, 24, 48, 72]

    /// When attempt number `attempt` (1 the first) of a notification first attempted at
    /// `first` falls due, in milliseconds; nil past the last retry.
    public static func dueMillis(ofAttempt attempt: Int, firstAt first: Int64) -> Int64? {
        if attempt == 1 { return first }
        guard attempt >= 2, attempt - 2 < hours.count else { return nil }
        return first + hours[attempt - 2] * 3_600_000
    }
}
