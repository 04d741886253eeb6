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
        guard notificationsOn else {
            link.send(.testNotificationToken(nil))
            return
        }
        let uuid = try periods.keepingSchedule { () throws(StorageError) -> String in
            try signatures.loadSigner(from: link.now)
            let uuid = try nextUUID()
            let payload = NotificationPayload(notificationType: NotificationType.test.rawValue, subtype: nil, notificationUUID: uuid,
                                              data: appData(signedTransactionInfo: nil), signedDate: SimulatedTime.millis(link.now))
            try keep(payload, signed: try signatures.signJWS(payload, what: "the TEST notification"), about: nil, at: link.now)
            return uuid
        }
        link.send(.testNotificationToken(uuid))
    }

    /// Get Test Notification Status: the `TEST` notification the token names and each of its
    /// attempts, at the moment it fell due, `SUCCESS` for the one the Server acknowledged and
    /// `NO_RESPONSE` for the others (the Store heard nothing back); Apple's
    /// `TestNotificationNotFoundError` when the token names no test.
    func testStatus(_ token: String, link: Link) throws(StorageError) {
        guard let posted = try notifications(where: "uuid = ? AND type = ?", [.text(token), .text(NotificationType.test.rawValue)]).first
        else {
            link.send(.testNotificationStatus(TestNotificationStatus(testNotificationToken: token, signedPayload: nil, sendAttempts: nil)))
            return
        }
        let first = try firstAttemptMillis(token)
        let attempts = stride(from: 1, through: posted.attempts, by: 1).compactMap { attempt in
            NotificationRetry.dueMillis(ofAttempt: attempt, firstAt: first).map {
                TestNotificationStatus.SendAttempt(attemptDate: $0,
                                                   sendAttemptResult: posted.delivered && attempt == posted.attempts ? .success : .noResponse)
            }
        }
        link.send(.testNotificationStatus(TestNotificationStatus(testNotificationToken: token, signedPayload: posted.notification.signedPayload,
                                                                 sendAttempts: attempts)))
    }
}
