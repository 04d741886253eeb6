/// The generation of StoreKit the app is written against (docs/guides/storekit-and-notifications.md):
/// StoreKit 1's receipts, or StoreKit 2's signed transactions.
public enum StoreKitAPI: String, Sendable, CaseIterable, Codable {
    /// `SKPaymentQueue`, `finishTransaction`, the app receipt sent to `verifyReceipt`.
    case storekit1
    /// `Product.purchase()`, `Transaction.updates`, `finish()`, a signed transaction (JWS) per purchase.
    case storekit2
}
