import IAPCore

/// A purchase the Store has charged that the Server has not yet confirmed: what the app keeps
/// so that it can ask again after a crash (the RN seed's unverified order).
public struct PendingOrder: Sendable, Equatable {
    public let transactionId: TransactionID
    public let productId: String
    /// The backend's own id for the product (the RN seed's `myProductId`).
    public let serverProductId: String?
    /// What proves the purchase to the Server: the receipt (StoreKit 1) or the signed transaction (StoreKit 2).
    public let proof: PurchaseProof

    /// The proof's text.
    public var receipt: String { proof.text }

    /// An order proved by an app receipt (StoreKit 1).
    public init(transactionId: TransactionID, productId: String, serverProductId: String?, receipt: String) {
        self.init(transactionId: transactionId, productId: productId, serverProductId: serverProductId, proof: .receipt(receipt))
    }

    public init(transactionId: TransactionID, productId: String, serverProductId: String?, proof: PurchaseProof) {
        self.transactionId = transactionId
        self.productId = productId
        self.serverProductId = serverProductId
        self.proof = proof
    }
}
