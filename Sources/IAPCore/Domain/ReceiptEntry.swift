import Foundation

/// One in-app purchase as a verified receipt proves it.
public struct ReceiptEntry: Sendable, Equatable, Codable {
    public let transactionId: TransactionID
    public let originalTransactionId: TransactionID
    public let productId: String
    public let account: String
    public let purchaseDate: Date
    /// When a subscription period ends (auto-renewable and non-renewing), as the Store says.
    public let expires: Date?
    /// True when the Store has refunded the purchase (Apple's cancellation date).
    public let revoked: Bool
    /// While the subscription is in billing retry with a grace period: when the grace period
    /// ends (Apple's `grace_period_expires_date`); access lasts until then.
    public var graceExpires: Date?
    /// The restore transaction the request named, when this entry is the purchase it restores:
    /// the Store's word, so that the Server credits (or finds credited) exactly that purchase.
    public let restoringTransactionId: TransactionID?
    /// Apple's `is_trial_period`: the purchase is a free trial (auto-renewables only).
    public var isTrialPeriod: Bool?
    /// Apple's `is_in_intro_offer_period`: the purchase is under an introductory price.
    public var isInIntroOfferPeriod: Bool?
    /// Apple's `promotional_offer_id`: the promotional (or win-back) offer it was bought under.
    public var promotionalOfferId: String?
    /// Apple's `offer_code_ref_name`: the offer code it was redeemed with.
    public var offerCodeRefName: String?
    /// Apple's `in_app_ownership_type`: `FAMILY_SHARED` for a purchase a family member shares
    /// with this account; nil for the account's own purchase (`PURCHASED`).
    public var inAppOwnershipType: String?
    /// Apple's `original_purchase_date`: when the purchase this one renews or restores was made
    /// (its own date when it is that purchase).
    public var originalPurchaseDate: Date?
    /// Apple's `cancellation_date`: when the Store refunded the purchase (`revoked`).
    public var cancellationDate: Date?
    /// Apple's `cancellation_reason`: why the purchase was refunded.
    public var cancellationReason: RevocationReason?
    /// Apple's `web_order_line_item_id` of a subscription's transaction.
    public var webOrderLineItemId: String?
    /// Apple's `subscription_group_identifier` of a subscription's transaction.
    public var subscriptionGroupIdentifier: String?
    /// Apple's `is_upgraded`: the subscription was upgraded from this transaction's product.
    public var isUpgraded: Bool?

    /// Whether the entry is a purchase a family member shares with this account.
    public var isFamilyShared: Bool { inAppOwnershipType == SignedTransactionPayload.familyShared }

    private enum CodingKeys: String, CodingKey {
        case transactionId, originalTransactionId, productId, account, purchaseDate, expires, revoked, graceExpires
        case restoringTransactionId
        case isTrialPeriod = "is_trial_period", isInIntroOfferPeriod = "is_in_intro_offer_period"
        case promotionalOfferId = "promotional_offer_id", offerCodeRefName = "offer_code_ref_name"
        case inAppOwnershipType = "in_app_ownership_type"
        case originalPurchaseDate = "original_purchase_date", cancellationDate = "cancellation_date"
        case cancellationReason = "cancellation_reason", webOrderLineItemId = "web_order_line_item_id"
        case subscriptionGroupIdentifier = "subscription_group_identifier", isUpgraded = "is_upgraded"
    }

    public init(transactionId: TransactionID, originalTransactionId: TransactionID, productId: String,
                account: String, purchaseDate: Date, expires: Date? = nil, revoked: Bool = false,
                restoringTransactionId: TransactionID? = nil) {
        self.transactionId = transactionId
        self.originalTransactionId = originalTransactionId
        self.productId = productId
        self.account = account
        self.purchaseDate = purchaseDate
        self.expires = expires
        self.revoked = revoked
        self.restoringTransactionId = restoringTransactionId
    }
}
