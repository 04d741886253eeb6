/// What the app sends its Server as proof of a purchase: under StoreKit 1 the app receipt, which
/// the Server has the Store check (`verifyReceipt`); under StoreKit 2 the transaction the App
/// Store signed (a JWS), which the Server verifies itself, offline; on Google Play the purchase
/// token, which the Server looks up with `purchases.products.get`.
public enum PurchaseProof: Sendable, Equatable, Codable {
    case receipt(String)
    case signedTransaction(String)
    case purchaseToken(String)

    /// The proof's text, as it is cached and sent.
    public var text: String {
        switch self {
        case .receipt(let text), .signedTransaction(let text), .purchaseToken(let text): return text
        }
    }

    /// A proof of the same kind with other text (a forgery, a damaged copy).
    public func replacingText(_ text: String) -> PurchaseProof {
        switch self {
        case .receipt: return .receipt(text)
        case .signedTransaction: return .signedTransaction(text)
        case .purchaseToken: return .purchaseToken(text)
        }
    }
}
