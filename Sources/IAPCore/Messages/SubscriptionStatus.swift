/// One entry of what `Product.SubscriptionInfo.status(for:)` returns to a StoreKit 2 app: the
/// state of one of the account's auto-renewable subscriptions, with its latest transaction.
public struct SubscriptionStatus: Sendable, Equatable, Codable {
    /// `Product.SubscriptionInfo.RenewalState`, by Apple's names.
    public enum RenewalState: String, Sendable, Codable {
        case subscribed
        case expired
        case inBillingRetryPeriod
        case inGracePeriod
        case revoked

        /// Whether the state gives access. Apple, `Product.SubscriptionInfo.RenewalState`:
        /// "Subscriptions in the subscribed and inGracePeriod states are entitled to service."
        public var givesAccess: Bool { self == .subscribed || self == .inGracePeriod }

        /// The App Store Server API's `status` number for the state: "1 The auto-renewable
        /// subscription is active. 2 … expired. 3 … in a billing retry period. 4 … in a Billing
        /// Grace Period. 5 … revoked."
        public var serverAPIStatus: Int {
            switch self {
            case .subscribed: 1
            case .expired: 2
            case .inBillingRetryPeriod: 3
            case .inGracePeriod: 4
            case .revoked: 5
            }
        }
    }

    public let state: RenewalState
    /// The subscription's latest transaction, signed (`Status.transaction`).
    public let transaction: SignedTransaction

    public init(state: RenewalState, transaction: SignedTransaction) {
        self.state = state
        self.transaction = transaction
    }
}
