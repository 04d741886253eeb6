import Foundation

/// A payment-queue transaction as the Store reports it to the App.
public struct StoreTransaction: Sendable, Equatable, Codable {
    public let id: TransactionID
    public let originalId: TransactionID
    public let productId: String
    public let state: TransactionState
    public let date: Date
    /// The signed receipt, present when the state is `purchased` or `restored`.
    public let receipt: String?
    public let error: PurchaseError?

    public init(id: TransactionID, originalId: TransactionID, productId: String, state: TransactionState,
                date: Date, receipt: String?, error: PurchaseError?) {
        self.id = id
        self.originalId = originalId
        self.productId = productId
        self.state = state
        self.date = date
        self.receipt = receipt
        self.error = error
    }
}
