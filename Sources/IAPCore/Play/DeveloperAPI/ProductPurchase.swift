/// What the Developer API's `purchases.products.get` answers: Google's `ProductPurchase`, "the
/// status of a user's inapp product purchase". Its JSON is written by hand, members in the order
/// of Google's "JSON representation", an int64 as a string of digits as Google writes one; the
/// members StoreSim never sets (`developerPayload`, `purchaseType`, the profile id, the region,
/// `refundableQuantity`) are left out, as Google leaves out a member it does not set.
public struct ProductPurchase: Equatable, Sendable, Codable, EventJSON {
    /// "androidpublisher#productPurchase".
    public static let kind = "androidpublisher#productPurchase"

    /// When the purchase was made (the flow launched), in milliseconds since 1970: Google, "The
    /// time the product was purchased, in milliseconds since the epoch (Jan 1, 1970)."
    public let purchaseTimeMillis: Int64
    public let purchaseState: ProductPurchaseState
    public let consumptionState: ConsumptionState
    public let orderId: PlayOrderID
    public let acknowledgementState: AcknowledgementState
    public let purchaseToken: String
    public let productId: String
    /// Always 1: StoreSim sells one of a product at a time.
    public let quantity: Int
    /// The app's `setObfuscatedAccountId` at purchase; absent when it set none.
    public let obfuscatedExternalAccountId: String?

    public init(purchaseTimeMillis: Int64, purchaseState: ProductPurchaseState, consumptionState: ConsumptionState,
                orderId: PlayOrderID, acknowledgementState: AcknowledgementState, purchaseToken: String, productId: String,
                quantity: Int, obfuscatedExternalAccountId: String?) {
        self.purchaseTimeMillis = purchaseTimeMillis
        self.purchaseState = purchaseState
        self.consumptionState = consumptionState
        self.orderId = orderId
        self.acknowledgementState = acknowledgementState
        self.purchaseToken = purchaseToken
        self.productId = productId
        self.quantity = quantity
        self.obfuscatedExternalAccountId = obfuscatedExternalAccountId
    }

    public func write(to json: inout EventJSONWriter) {
        json.object { json in
            json.put("kind", Self.kind)
            json.put("purchaseTimeMillis", String(purchaseTimeMillis))
            json.put("purchaseState", purchaseState)
            json.put("consumptionState", consumptionState)
            json.put("orderId", orderId.description)
            json.put("acknowledgementState", acknowledgementState)
            json.put("purchaseToken", purchaseToken)
            json.put("productId", productId)
            json.put("quantity", quantity)
            json.put("obfuscatedExternalAccountId", obfuscatedExternalAccountId)
        }
    }
}
