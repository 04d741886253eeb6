/// `SubscriptionNotification.notificationType`: what changed of a subscription. Only the types
/// StoreSim's Play publishes or names are here, with Google's numbers and words.
public enum SubscriptionNotificationType: Int, Sendable, Equatable, Codable, CaseIterable {
    /// "A subscription was recovered from account hold."
    case recovered = 1
    /// "An active subscription was renewed."
    case renewed = 2
    /// "A subscription was either voluntarily or involuntarily cancelled."
    case canceled = 3
    /// "A new subscription was purchased."
    case purchased = 4
    /// "A subscription has entered account hold (if enabled)."
    case onHold = 5
    /// "A subscription has entered grace period (if enabled)."
    case inGracePeriod = 6
    /// "User has restored their subscription from Play > Account > Subscriptions. The
    /// subscription was canceled but had not expired yet when the user restores."
    case restarted = 7
    /// "A subscription has been revoked from the user before the expiration time."
    case revoked = 12
    /// "A subscription has expired."
    case expired = 13

    /// Google's constant.
    public var name: String {
        switch self {
        case .recovered: "SUBSCRIPTION_RECOVERED"
        case .renewed: "SUBSCRIPTION_RENEWED"
        case .canceled: "SUBSCRIPTION_CANCELED"
        case .purchased: "SUBSCRIPTION_PURCHASED"
        case .onHold: "SUBSCRIPTION_ON_HOLD"
        case .inGracePeriod: "SUBSCRIPTION_IN_GRACE_PERIOD"
        case .restarted: "SUBSCRIPTION_RESTARTED"
        case .revoked: "SUBSCRIPTION_REVOKED"
        case .expired: "SUBSCRIPTION_EXPIRED"
        }
    }
}
