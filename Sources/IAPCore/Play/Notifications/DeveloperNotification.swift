/// A Real-time developer notification as Google Play publishes it to the app's Pub/Sub topic:
/// Google's `DeveloperNotification`, "Each publish made to a Cloud Pub/Sub topic contains a
/// single base64-encoded data field", holding exactly one notification ("mutually exclusive").
/// It tells only that something changed: Google, "You must call the Google Play Developer API
/// after receiving Real-time developer notifications to get the complete status".
public struct DeveloperNotification: Sendable, Equatable, Codable {
    /// The one notification a publish carries.
    public enum Body: Sendable, Equatable, Codable {
        /// A `oneTimeProductNotification`.
        case oneTimeProduct(OneTimeProductNotificationType, purchaseToken: String, sku: String)
        /// A `voidedPurchaseNotification`: a one-time purchase fully refunded and revoked
        /// (productType 2 PRODUCT_TYPE_ONE_TIME, refundType 1 REFUND_TYPE_FULL_REFUND).
        case voidedPurchase(purchaseToken: String, orderId: PlayOrderID)
        /// A `subscriptionNotification` (`version` "1.0"): Google, "If this field is present, then
        /// this notification is related to a subscription".
        case subscription(SubscriptionNotificationType, purchaseToken: String)
    }

    /// When the change happened, in milliseconds since 1970.
    public let eventTimeMillis: Int64
    public let body: Body

    public init(eventTimeMillis: Int64, body: Body) {
        self.eventTimeMillis = eventTimeMillis
        self.body = body
    }

    /// The purchase token it is about.
    public var purchaseToken: String {
        switch body {
        case .oneTimeProduct(_, let token, _), .voidedPurchase(let token, _), .subscription(_, let token): token
        }
    }

    /// Its type as Google names it; StoreSim names a voided purchase notification `VOIDED_PURCHASE`.
    public var typeName: String {
        switch body {
        case .oneTimeProduct(let type, _, _): type.name
        case .voidedPurchase: "VOIDED_PURCHASE"
        case .subscription(let type, _): type.name
        }
    }
}

/// `OneTimeProductNotification.notificationType`.
public enum OneTimeProductNotificationType: Int, Sendable, Equatable, Codable, CaseIterable {
    /// "A one-time product was successfully purchased by a user."
    case purchased = 1
    /// "A pending one-time product purchase has been canceled by the user."
    case canceled = 2

    /// Google's constant.
    public var name: String {
        switch self {
        case .purchased: "ONE_TIME_PRODUCT_PURCHASED"
        case .canceled: "ONE_TIME_PRODUCT_CANCELED"
        }
    }
}
