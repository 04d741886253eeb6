/// The App Store Server Notifications V2 types the simulated Store posts (Apple's
/// `notificationType` values). The Store has no billing failures and no Family Sharing yet, so
/// it never posts `DID_FAIL_TO_RENEW`, `GRACE_PERIOD_EXPIRED` or `REVOKE`.
public enum NotificationType: String, Sendable, Codable, CaseIterable {
    /// A consumable, non-consumable or non-renewing subscription was bought.
    case oneTimeCharge = "ONE_TIME_CHARGE"
    /// A subscription was bought (subtype `INITIAL_BUY`).
    case subscribed = "SUBSCRIBED"
    /// A subscription renewed.
    case didRenew = "DID_RENEW"
    /// The user turned auto-renew on or off (subtype `AUTO_RENEW_ENABLED` / `AUTO_RENEW_DISABLED`).
    case didChangeRenewalStatus = "DID_CHANGE_RENEWAL_STATUS"
    /// A subscription ended (subtype `VOLUNTARY`).
    case expired = "EXPIRED"
    /// The App Store refunded a transaction.
    case refund = "REFUND"

    /// Whether the notification tells of a payment the Server credits.
    public var charges: Bool {
        self == .oneTimeCharge || self == .subscribed || self == .didRenew
    }
}

/// The hours after the first attempt at which the Store posts a notification again while the
/// Server has not acknowledged it; after the last it gives up (the history still has it).
public enum NotificationRetry {
    public static let hours: [Int64] = [1, 12, 24, 48, 72]
}
