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
    /// The restore transaction the request named, when this entry is the purchase it restores:
    /// the Store's word, so that the Server credits (or finds credited) exactly that purchase.
    public let restoringTransactionId: TransactionID?

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
