import Foundation

/// A push as Pub/Sub POSTs it to a push endpoint ("Receive messages using push": the request's
/// body is `{"message": {"attributes", "data", "messageId", "message_id", "publishTime",
/// "publish_time"}, "subscription": "projects/…/subscriptions/…"}`), `data` the base64 of the
/// notification's JSON. Pub/Sub: "the endpoint returns a success status code" acknowledges it.
extension PubSubPush {
    /// The subscription StoreSim's pushes name.
    public static let subscription = "projects/storesim/subscriptions/play-rtdn"

    /// The push's body, for the app `packageName`.
    public func json(packageName: String) -> [UInt8] {
        let data = Data(notification.json(packageName: packageName)).base64EncodedString()
        let published = SimulatedTime.rfc3339(notification.eventTimeMillis)
        return EventJSONWriter.object { json in
            json.key("message")
            json.object { json in
                json.key("attributes")
                json.object { _ in }
                json.put("data", data)
                json.put("messageId", String(messageId))
                json.put("message_id", String(messageId))
                json.put("publishTime", published)
                json.put("publish_time", published)
            }
            json.put("subscription", Self.subscription)
        }
    }
}
