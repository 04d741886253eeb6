import IAPCore

/// A purchase the Store has charged that the Server has not yet confirmed: what the app keeps
/// so that it can ask again after a crash (the RN seed's unverified order).
public struct PendingOrder: Sendable, Equatable {
    public let transactionId: TransactionID
    public let productId: String
    /// The backend's own id for the product (the RN seed's `myProductId`).
    public let serverProductId: String?
    public let receipt: String

    public init(transactionId: TransactionID, productId: String, serverProductId: String?, receipt: String) {
        self.transactionId = transactionId
        self.productId = productId
        self.serverProductId = serverProductId
        self.receipt = receipt
    }
}
