import Foundation

/// One in-app purchase as a verified receipt proves it.
public struct ReceiptEntry: Sendable, Equatable, Codable {
    public let transactionId: String
    public let originalTransactionId: String
    public let productId: String
    public let account: String
    public let purchaseDate: Date
    /// When a subscription period ends (auto-renewable and non-renewing), as the Store says.
    public let expires: Date?
    /// True when the Store has refunded the purchase (Apple's cancellation date).
    public let revoked: Bool
    /// The restore transaction the request named, when this entry is the purchase it restores:
    /// the Store's word, so that the Server credits (or finds credited) exactly that purchase.
    public let restoringTransactionId: String?

    public init(transactionId: String, originalTransactionId: String, productId: String,
                account: String, purchaseDate: Date, expires: Date? = nil, revoked: Bool = false,
                restoringTransactionId: String? = nil) {
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
