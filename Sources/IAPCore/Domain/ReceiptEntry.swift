import Foundation

/// One in-app purchase as a verified receipt proves it.
public struct ReceiptEntry: Sendable, Equatable, Codable {
    public let transactionId: String
    public let originalTransactionId: String
    public let productId: String
    public let account: String
    public let purchaseDate: Date

    public init(transactionId: String, originalTransactionId: String, productId: String,
                account: String, purchaseDate: Date) {
        self.transactionId = transactionId
        self.originalTransactionId = originalTransactionId
        self.productId = productId
        self.account = account
        self.purchaseDate = purchaseDate
    }
}
