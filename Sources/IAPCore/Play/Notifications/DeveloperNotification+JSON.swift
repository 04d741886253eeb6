/// A Real-time developer notification as Google writes it ("DeveloperNotification" in "Real-time
/// developer notifications reference"): `version` "1.0", `packageName`, `eventTimeMillis` as a
/// string of digits, and the one notification it carries, `oneTimeProductNotification {version,
/// notificationType, purchaseToken, sku}`, `subscriptionNotification {version, notificationType,
/// purchaseToken}` or `voidedPurchaseNotification {purchaseToken, orderId,
/// productType, refundType}` (productType 2 PRODUCT_TYPE_ONE_TIME, refundType 1
/// REFUND_TYPE_FULL_REFUND).
extension DeveloperNotification {
    /// The notification's JSON, for the app `packageName`: what a Pub/Sub message's `data` carries, base64-encoded.
    public func json(packageName: String) -> [UInt8] {
        EventJSONWriter.object { json in
            json.put("version", "1.0")
            json.put("packageName", packageName)
            json.put("eventTimeMillis", String(eventTimeMillis))
            switch body {
            case .oneTimeProduct(let type, let token, let sku):
                json.key("oneTimeProductNotification")
                json.object { json in
                    json.put("version", "1.0")
                    json.put("notificationType", type.rawValue)
                    json.put("purchaseToken", token)
                    json.put("sku", sku)
                }
            case .subscription(let type, let token):
                json.key("subscriptionNotification")
                json.object { json in
                    json.put("version", "1.0")
                    json.put("notificationType", type.rawValue)
                    json.put("purchaseToken", token)
                }
            case .voidedPurchase(let token, let orderId):
                json.key("voidedPurchaseNotification")
                json.object { json in
                    json.put("purchaseToken", token)
                    json.put("orderId", orderId.description)
                    json.put("productType", 2)
                    json.put("refundType", 1)
                }
            }
        }
    }
}
