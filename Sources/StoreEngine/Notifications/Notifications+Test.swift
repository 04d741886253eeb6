import Foundation
import IAPCore
import Storage

/// Apple's test of the notifications URL. Request a Test Notification "prompts the App Store
/// server to send your server a notification with the TEST notificationType", which the Store
/// posts, retries and keeps in the history like any other; Get Test Notification Status tells how
/// its attempts went. StoreSim's `testNotificationToken` is the `TEST` notification's
/// `notificationUUID`.
extension Notifications {
    /// Request a Test Notification: a `TEST` notification about no transaction, due at once, and
    /// the test's token; with the notifications off there is no URL to post to, and the Store
    /// answers Apple's `ServerNotificationURLNotFoundError`.
    func requestTest(link: Link) throws(StorageError) {
        link.send(.testNotificationToken(try requestTest(at: link.now)))
    }

    /// Keeps the `TEST` notification, due at once, and answers its token; nil, keeping nothing,
    /// when the notifications are off.
    func requestTest(at now: Date) throws(StorageError) -> String? {
        guard notificationsOn else { return nil }
        return try periods.keepingSchedule { () throws(StorageError) -> String in
            try signatures.loadSigner(from: now)
            let uuid = try nextUUID()
            let payload = NotificationPayload(notificationType: NotificationType.test.rawValue, subtype: nil, notificationUUID: uuid,
                                              data: appData(signedTransactionInfo: nil), signedDate: SimulatedTime.millis(now))
            try keep(payload, signed: try signatures.signJWS(payload, what: "the TEST notification"), about: nil, at: now)
            return uuid
        }
    }

    /// Get Test Notification Status: the `TEST` notification the token names and each of its
    /// attempts (`sendAttempts(of:)`), `SUCCESS` for the one the Server acknowledged and
    /// `NO_RESPONSE` for the others; Apple's `TestNotificationNotFoundError` when the token names
    /// no test.
    func testStatus(_ token: String, link: Link) throws(StorageError) {
        link.send(.testNotificationStatus(try testStatus(token)))
    }

    /// The status of the test the token names; nil payload and attempts when it names none.
    func testStatus(_ token: String) throws(StorageError) -> TestNotificationStatus {
        guard let posted = try notifications(where: "uuid = ? AND type = ?", [.text(token), .text(NotificationType.test.rawValue)]).first
        else { return TestNotificationStatus(testNotificationToken: token, signedPayload: nil, sendAttempts: nil) }
        return TestNotificationStatus(testNotificationToken: token, signedPayload: posted.notification.signedPayload,
                                      sendAttempts: try sendAttempts(of: [token])[token] ?? [])
    }
}
