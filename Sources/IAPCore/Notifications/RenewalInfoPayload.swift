/// What a notification's `data.signedRenewalInfo` says about an auto-renewable subscription,
/// with the field names and types of Apple's `JWSRenewalInfoDecodedPayload`: ids as strings,
/// dates as milliseconds since 1970. Optional fields are left out of the JSON when they have no
/// value, as Apple's are.
public struct RenewalInfoPayload: Codable, Equatable, Sendable {
    /// `expirationIntent`: 1 the customer cancelled (turned auto-renew off), 2 a billing error,
    /// 3 the customer did not consent to a price increase, 5 other (the sandbox stopped renewing it).
    public enum ExpirationIntent: Int, Sendable {
        case customerCancelled = 1
        case billingError = 2
        case priceIncrease = 3
        case other = 5
    }

    public var originalTransactionId: String
    public var productId: String
    /// The product the subscription renews as at the end of its period.
    public var autoRenewProductId: String
    /// 1: the subscription renews at the end of its period; 0: auto-renew is off.
    public var autoRenewStatus: Int
    /// Why the subscription expired; only for one that did.
    public var expirationIntent: Int?
    /// Whether the App Store is still trying to charge a renewal that failed.
    public var isInBillingRetryPeriod: Bool?
    /// When the billing grace period ends, for a subscription in one.
    public var gracePeriodExpiresDate: Int64?
    public var signedDate: Int64
    /// `Production` or `Sandbox`.
    public var environment: String
    /// "The UNIX time, in milliseconds, that the most recent auto-renewable subscription
    /// purchase expires."
    public var renewalDate: Int64?
    /// What the next renewal charges, in milliunits of `currency`.
    public var renewalPrice: Int64?
    public var currency: String?
    /// When the subscription's run of paid service began (its first purchase).
    public var recentSubscriptionStartDate: Int64?
    /// 0: a price increase waits for the customer's consent; 1: they consented.
    public var priceIncreaseStatus: Int?
    /// The offer the next renewal is under, when one waits for it: type, id, discount, duration.
    public var offerType: Int?
    public var offerIdentifier: String?
    public var offerDiscountType: String?
    public var offerPeriod: String?
    public var appAccountToken: String?
    public var appTransactionId: String?
    /// The win-back offers the customer may redeem, the best first; absent while none.
    public var eligibleWinBackOfferIds: [String]?

    public init(originalTransactionId: String, productId: String, autoRenewProductId: String, autoRenewStatus: Int,
                expirationIntent: ExpirationIntent?, isInBillingRetryPeriod: Bool, gracePeriodExpiresDate: Int64?,
                signedDate: Int64, environment: String) {
        self.originalTransactionId = originalTransactionId
        self.productId = productId
        self.autoRenewProductId = autoRenewProductId
        self.autoRenewStatus = autoRenewStatus
        self.expirationIntent = expirationIntent?.rawValue
        self.isInBillingRetryPeriod = isInBillingRetryPeriod
        self.gracePeriodExpiresDate = gracePeriodExpiresDate
        self.signedDate = signedDate
        self.environment = environment
    }
}
