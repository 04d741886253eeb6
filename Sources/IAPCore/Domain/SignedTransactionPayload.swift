/// What a signed transaction says, with the field names and types of Apple's
/// `JWSTransactionDecodedPayload`: ids as strings, dates as milliseconds since 1970, the price in
/// milliunits of the currency ("The decoded payloads of the jwsRepresentation and JWSTransaction
/// strings contain price fields that are specified in milliunits of the currency"). Optional
/// fields are left out of the JSON when they have no value, as Apple's are.
public struct SignedTransactionPayload: Codable, Equatable, Sendable {
    /// The `inAppOwnershipType` of a transaction a family member shares with this customer:
    /// "The transaction belongs to a family member who benefits from the service."
    public static let familyShared = "FAMILY_SHARED"
    /// The `inAppOwnershipType` of the customer's own purchase: "The transaction belongs to the purchaser."
    public static let purchased = "PURCHASED"

    public var transactionId: String
    public var originalTransactionId: String
    /// Auto-renewable subscriptions: "the unique identifier of subscription-purchase events
    /// across devices, including renewals".
    public var webOrderLineItemId: String?
    public var bundleId: String
    public var productId: String
    public var subscriptionGroupIdentifier: String?
    public var purchaseDate: Int64
    public var originalPurchaseDate: Int64
    /// Auto-renewable subscriptions: when the period this transaction paid for ends.
    public var expiresDate: Int64?
    public var quantity: Int
    /// `Consumable`, `Non-Consumable`, `Auto-Renewable Subscription` or `Non-Renewing Subscription`.
    public var type: String
    /// The app's own id for its user, when it set one at purchase.
    public var appAccountToken: String?
    /// `PURCHASED` (or `FAMILY_SHARED`).
    public var inAppOwnershipType: String
    public var signedDate: Int64
    /// 0: refunded for another reason; 1: for an issue in the app.
    public var revocationReason: Int?
    public var revocationDate: Int64?
    /// `REFUND_FULL`, `REFUND_PRORATED` or `FAMILY_REVOKE` (`RevocationType`), with `revocationDate`.
    public var revocationType: String?
    /// "The percentage, in milliunits, of the transaction that the App Store has refunded or
    /// revoked" (100% is 100000), with `revocationDate`: "This field is present in the
    /// JWSTransactionDecodedPayload for refunded transactions."
    public var revocationPercentage: Int?
    /// `true` on a subscription's transaction its customer upgraded from; absent otherwise ("This
    /// value appears in the transaction only when it's true").
    public var isUpgraded: Bool?
    /// 1: an introductory offer; 2: a promotional offer; 3: an offer code; 4: a win-back offer.
    public var offerType: Int?
    /// The offer's id (a promotional or win-back offer's id, an offer code's reference): "All
    /// offer types, except offer type 1, have an offerIdentifier".
    public var offerIdentifier: String?
    /// `FREE_TRIAL`, `PAY_AS_YOU_GO` or `PAY_UP_FRONT`, with `offerType`.
    public var offerDiscountType: String?
    /// The offer's duration, ISO 8601 (`P1M`), with `offerType`.
    public var offerPeriod: String?
    /// `Production` or `Sandbox`.
    public var environment: String
    /// The storefront's three-letter country code, as `USA`.
    public var storefront: String
    /// Apple's number for the storefront, as `143441`.
    public var storefrontId: String?
    /// "The unique identifier of the app download transaction": one per customer of the app.
    public var appTransactionId: String?
    /// `PURCHASE` or `RENEWAL`.
    public var transactionReason: String
    /// The price in milliunits of `currency` (0.99 USD is 990).
    public var price: Int64
    /// The ISO 4217 currency code, as `USD`.
    public var currency: String

    public init(transactionId: String, originalTransactionId: String, bundleId: String, productId: String,
                subscriptionGroupIdentifier: String?, purchaseDate: Int64, originalPurchaseDate: Int64, expiresDate: Int64?,
                type: String, signedDate: Int64, revocationDate: Int64?, revocationReason: Int? = nil, offerType: Int?,
                offerDiscountType: String?,
                environment: String, storefront: String, transactionReason: String, price: Int64, currency: String) {
        self.transactionId = transactionId
        self.originalTransactionId = originalTransactionId
        self.bundleId = bundleId
        self.productId = productId
        self.subscriptionGroupIdentifier = subscriptionGroupIdentifier
        self.purchaseDate = purchaseDate
        self.originalPurchaseDate = originalPurchaseDate
        self.expiresDate = expiresDate
        quantity = 1
        self.type = type
        appAccountToken = nil
        inAppOwnershipType = Self.purchased
        self.signedDate = signedDate
        self.revocationReason = revocationReason
        self.revocationDate = revocationDate
        self.offerType = offerType
        self.offerDiscountType = offerDiscountType
        self.environment = environment
        self.storefront = storefront
        self.transactionReason = transactionReason
        self.price = price
        self.currency = currency
    }

    /// Apple's `type` for a product type.
    public static func typeName(_ type: ProductType) -> String {
        switch type {
        case .consumable: return "Consumable"
        case .nonConsumable: return "Non-Consumable"
        case .autoRenewable: return "Auto-Renewable Subscription"
        case .nonRenewing: return "Non-Renewing Subscription"
        }
    }
}
