/// A purchase as the Play Billing Library hands it to the app (Google's `Purchase`), in
/// `onPurchasesUpdated` and `queryPurchasesAsync`.
public struct PlayPurchase: Equatable, Sendable, Codable {
    public let orderId: PlayOrderID
    public let purchaseToken: String
    public let productId: String
    public let purchaseState: BillingPurchaseState
    /// When the purchase was made (the flow launched), in milliseconds since 1970.
    public let purchaseTimeMillis: Int64
    /// Whether the purchase was acknowledged, by the app or the Server (consuming counts).
    public let isAcknowledged: Bool
    /// The app's `setObfuscatedAccountId`, when it set one.
    public let obfuscatedAccountId: String?

    public init(orderId: PlayOrderID, purchaseToken: String, productId: String, purchaseState: BillingPurchaseState,
                purchaseTimeMillis: Int64, isAcknowledged: Bool, obfuscatedAccountId: String?) {
        self.orderId = orderId
        self.purchaseToken = purchaseToken
        self.productId = productId
        self.purchaseState = purchaseState
        self.purchaseTimeMillis = purchaseTimeMillis
        self.isAcknowledged = isAcknowledged
        self.obfuscatedAccountId = obfuscatedAccountId
    }
}
