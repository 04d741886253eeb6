/// A transaction as a message names it: its state, product and id, and why it failed.
public struct TransactionMention: Sendable, Equatable, Codable {
    public let state: TransactionState
    public let productId: String
    public let id: TransactionID
    public let error: PurchaseError?

    public init(state: TransactionState, productId: String, id: TransactionID, error: PurchaseError? = nil) {
        self.state = state
        self.productId = productId
        self.id = id
        self.error = error
    }
}
