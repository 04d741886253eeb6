import IAPCore
import Storage

/// One Real-time developer notification Google Play published, as `play.sqlite` keeps it: a
/// Pub/Sub message and how its pushes went.
public struct PublishedNotification: Equatable, Sendable {
    /// What the notification tells of its purchase.
    public enum Kind: String, Sendable {
        /// ONE_TIME_PRODUCT_PURCHASED (a subscription: SUBSCRIPTION_PURCHASED): the purchase became PURCHASED.
        case purchased
        /// ONE_TIME_PRODUCT_CANCELED: its pending payment was canceled.
        case canceled
        /// A voidedPurchaseNotification: it was refunded and revoked.
        case voided
        /// SUBSCRIPTION_RENEWED: "An active subscription was renewed." Its `order` is the renewal's.
        case renewed
        /// SUBSCRIPTION_CANCELED: the user turned auto-renewal off; the subscription keeps its
        /// access until its period ends.
        case subscriptionCanceled
        /// SUBSCRIPTION_RESTARTED: the user turned auto-renewal on again before the period ended.
        case restarted
        /// SUBSCRIPTION_EXPIRED: "A subscription has expired."
        case expired
        /// SUBSCRIPTION_REVOKED: "A subscription has been revoked from the user before the
        /// expiration time." Published before the voided purchase's own notification.
        case revoked
        /// SUBSCRIPTION_IN_GRACE_PERIOD: "A subscription has entered grace period (if enabled)."
        case inGracePeriod
        /// SUBSCRIPTION_ON_HOLD: "A subscription has entered account hold (if enabled)."
        case onHold
        /// SUBSCRIPTION_RECOVERED: "A subscription was recovered from account hold." Its `order`
        /// is the renewal's that recovered it.
        case recovered

        /// The subscription's notification type a kind publishes; nil for a one-time product's
        /// and a voided purchase's.
        var subscriptionType: SubscriptionNotificationType? {
            switch self {
            case .purchased: .purchased
            case .renewed: .renewed
            case .subscriptionCanceled: .canceled
            case .restarted: .restarted
            case .expired: .expired
            case .revoked: .revoked
            case .inGracePeriod: .inGracePeriod
            case .onHold: .onHold
            case .recovered: .recovered
            case .canceled, .voided: nil
            }
        }
    }

    /// Pub/Sub's message id.
    public let messageId: Int64
    public let order: PlayOrderID
    public let kind: Kind
    /// When what it tells happened.
    public let eventMillis: Int64
    /// How many times it was pushed.
    public let attempts: Int
    /// When it is pushed next: nil once acknowledged, or once Pub/Sub gave up on it.
    public let nextAttemptMillis: Int64?
    public let acknowledgedMillis: Int64?

    /// Whether Pub/Sub still pushes it: unacknowledged, and not given up.
    public var isPending: Bool { acknowledgedMillis == nil && nextAttemptMillis != nil }

    static let columns = "message_id, order_number, kind, event_millis, attempts, next_attempt_millis, acknowledged_millis"

    init(row: SQLiteStatementRow) throws(SQLiteColumnError) {
        messageId = try row.integer("message_id")
        let number = try row.integer("order_number")
        guard let order = PlayOrderID(transactionId: TransactionID(number)) else {
            throw .unknownValue(column: "order_number", value: String(number))
        }
        self.order = order
        let kind = try row.text("kind")
        guard let known = Kind(rawValue: kind) else { throw .unknownValue(column: "kind", value: kind) }
        self.kind = known
        eventMillis = try row.integer("event_millis")
        attempts = Int(try row.integer("attempts"))
        nextAttemptMillis = try row.optionalInteger("next_attempt_millis")
        acknowledgedMillis = try row.optionalInteger("acknowledged_millis")
    }
}
