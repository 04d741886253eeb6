/// One entry of the Voided Purchases API's list: Google's `VoidedPurchase`, "a purchase that was
/// either canceled/refunded/charged-back". Its JSON is written by hand, members in the order of
/// Google's "JSON representation", an int64 as a string of digits; `voidedQuantity` (a
/// quantity-based partial refund, which StoreSim does not make) is left out.
public struct VoidedPurchase: Equatable, Sendable, Codable, EventJSON {
    /// "androidpublisher#voidedPurchase".
    public static let kind = "androidpublisher#voidedPurchase"

    public let purchaseToken: String
    public let purchaseTimeMillis: Int64
    /// Google: "The time at which the purchase was canceled/refunded/charged-back".
    public let voidedTimeMillis: Int64
    public let orderId: PlayOrderID
    public let voidedSource: VoidedSource
    public let voidedReason: VoidedReason

    public init(purchaseToken: String, purchaseTimeMillis: Int64, voidedTimeMillis: Int64, orderId: PlayOrderID,
                voidedSource: VoidedSource, voidedReason: VoidedReason) {
        self.purchaseToken = purchaseToken
        self.purchaseTimeMillis = purchaseTimeMillis
        self.voidedTimeMillis = voidedTimeMillis
        self.orderId = orderId
        self.voidedSource = voidedSource
        self.voidedReason = voidedReason
    }

    public func write(to json: inout EventJSONWriter) {
        json.object { json in
            json.put("kind", Self.kind)
            json.put("purchaseToken", purchaseToken)
            json.put("purchaseTimeMillis", String(purchaseTimeMillis))
            json.put("voidedTimeMillis", String(voidedTimeMillis))
            json.put("orderId", orderId.description)
            json.put("voidedSource", voidedSource)
            json.put("voidedReason", voidedReason)
        }
    }
}
