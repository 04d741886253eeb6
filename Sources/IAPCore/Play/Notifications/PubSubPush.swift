/// One delivery of a Real-time developer notification by Pub/Sub's push subscription to the
/// Server: Google's envelope `{"message": {"attributes", "data", "messageId"}, "subscription"}`,
/// whose `data` is the base64 of the `DeveloperNotification`. Pub/Sub: "Pub/Sub offers
/// at-least-once message delivery and best-effort ordering to existing subscribers", so the same
/// `messageId` may come again, and a later message before an earlier one.
public struct PubSubPush: Sendable, Equatable, Codable {
    /// Pub/Sub's id of the published message: the same on every delivery of it.
    public let messageId: Int64
    /// Which delivery of the message this is: 1 for the first.
    public let attempt: Int
    public let notification: DeveloperNotification
    /// The order the notification is about, for the timeline only: Google's notification names
    /// the purchase token, and the Server reads nothing else.
    public let order: PlayOrderID?

    public init(messageId: Int64, attempt: Int, notification: DeveloperNotification, order: PlayOrderID?) {
        self.messageId = messageId
        self.attempt = attempt
        self.notification = notification
        self.order = order
    }
}
