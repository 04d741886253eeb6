import IAPCore
import Storage

/// The Server's test of its notifications URL, by the App Store Server API: Request a Test
/// Notification, whose `testNotificationToken` it keeps in `server.sqlite`, and Get Test
/// Notification Status with that token. The `TEST` notification itself is received as any other.
extension OrderServer {
    /// The `testNotificationToken` of the last test the Server requested; nil before any.
    public func testNotificationToken() throws(ServerError) -> String? {
        try onDisk { () throws(StorageError) in try database.setting(Self.testTokenKey) }
    }

    /// Request a Test Notification: Apple, the endpoint "prompts the App Store server to send
    /// your server a notification with the TEST notificationType".
    public func requestTestNotification(link: Link) {
        link.send(.requestTestNotification)
    }

    /// Get Test Notification Status of the test `token` names: Apple, "Check the status of the
    /// test App Store server notification sent to your server."
    public func askTestNotificationStatus(_ token: String, link: Link) {
        link.send(.getTestNotificationStatus(testNotificationToken: token))
    }

    /// Keeps the token the Store answered, for the status.
    func keep(testNotificationToken token: String) throws(StorageError) {
        try database.setSetting(Self.testTokenKey, token)
    }

    private static let testTokenKey = "test-notification-token"
}
