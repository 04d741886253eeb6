/// A purchase as a Billing Library message names it on the timeline: its order, product,
/// `Purchase.PurchaseState` and whether it was acknowledged.
public struct PlayMention: Sendable, Equatable, Codable, EventJSON {
    public let order: TransactionID
    public let productId: String
    /// Google's constant: `PURCHASED` or `PENDING`.
    public let state: String
    public let acknowledged: Bool

    public init(order: TransactionID, productId: String, state: String, acknowledged: Bool) {
        self.order = order
        self.productId = productId
        self.state = state
        self.acknowledged = acknowledged
    }

    /// The mention of a purchase the Billing Library hands the app.
    public init(_ purchase: PlayPurchase) {
        self.init(order: purchase.orderId.transactionId, productId: purchase.productId, state: purchase.purchaseState.name,
                  acknowledged: purchase.isAcknowledged)
    }

    /// `GPA.… PURCHASED, not acknowledged`.
    public var english: String {
        "\(StoreKind.play.orderText(order)) \(state), \(acknowledged ? "acknowledged" : "not acknowledged")"
    }

    public func write(to json: inout EventJSONWriter) {
        json.object { json in
            json.put("acknowledged", acknowledged)
            json.put("order", order)
            json.put("productId", productId)
            json.put("state", state)
        }
    }
}
