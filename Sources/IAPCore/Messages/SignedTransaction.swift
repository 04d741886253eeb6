/// A transaction as the App Store hands it to a StoreKit 2 app: its JWS, with the id and product
/// the message names for the timeline. The app's StoreKit verifies the JWS before the app sees
/// the transaction; the Server verifies it again, offline.
public struct SignedTransaction: Sendable, Equatable, Codable {
    public let transactionId: TransactionID
    public let productId: String
    /// `purchased`, or `restored` when `AppStore.sync()` brought it back.
    public let state: TransactionState
    /// The JWS compact serialization (`jwsRepresentation`).
    public let jws: String

    public init(transactionId: TransactionID, productId: String, state: TransactionState, jws: String) {
        self.transactionId = transactionId
        self.productId = productId
        self.state = state
        self.jws = jws
    }
}

/// What `Product.purchase()` returns to a StoreKit 2 app, or the error it throws.
public enum PurchaseResult: Sendable, Equatable, Codable {
    /// The purchase went through: the signed transaction.
    case success(SignedTransaction)
    /// The user cancelled on the sheet.
    case userCancelled(productId: String)
    /// The purchase waits for someone else (Ask to Buy): it arrives through `Transaction.updates`.
    case pending(productId: String)
    /// `purchase()` threw: the Store refused or failed the payment.
    case failed(productId: String, PurchaseError)

    /// The product bought.
    public var productId: String {
        switch self {
        case .success(let transaction): return transaction.productId
        case .userCancelled(let productId), .pending(let productId), .failed(let productId, _): return productId
        }
    }
}
