import Foundation
import IAPCore
import Signing
import Storage

/// App Store Server Notifications V2: the Store posts a signed notification to the Server (or to a
/// team's URL, `notificationsURL`) for each event, retries one not acknowledged 1, 12, 24, 48 and
/// 72 hours after the first attempt (in production; the sandbox posts once), then gives up; Get
/// Notification History hands every one out again. It keeps nothing in memory. Its writes after a
/// notification is recorded (attempts, acknowledgements, what the Server was told of an end)
/// change nothing the subscriptions' schedule holds, and it says so
/// (`SubscriptionPeriods.keepingSchedule`); a notification recorded with another feature's change
/// leaves the schedule to that change.
final class Notifications: StoreService {
    let context: StoreContext
    let signatures: Signatures
    let periods: SubscriptionPeriods
    let offers: Offers
    let prices: Prices

    init(context: StoreContext, signatures: Signatures, periods: SubscriptionPeriods, offers: Offers, prices: Prices) {
        self.context = context
        self.signatures = signatures
        self.periods = periods
        self.offers = offers
        self.prices = prices
    }

    /// Turns the notifications on or off (the app's Server URL at App Store Connect). On, the
    /// Store signs with its certificate chain, made now if it has none.
    func setNotifications(_ on: Bool, from now: Date) throws(StoreError) {
        try store { () throws(StorageError) in
            if on { try signatures.loadSigner(from: now) }
            try database.setSetting("notifications", on ? "on" : "off")
        }
        context.notificationsOn = on
    }

    /// The setting that keeps the team's notifications URL, absent for the built-in Server.
    static let urlSetting = "notifications-url"

    /// Sets the team's App Store Server Notifications URL (App Store Connect's), or none: the
    /// Store posts to the built-in Server again.
    func setNotificationsURL(_ url: String?) throws(StoreError) {
        try store { () throws(StorageError) in
            if let url { try database.setSetting(Self.urlSetting, url) } else { try database.removeSetting(Self.urlSetting) }
        }
        context.notificationsURL = url
    }

    /// Records how an attempt POSTed to the team's URL ended: HTTP 200 acknowledges it as the
    /// built-in Server's does (`acknowledged`); anything else keeps `result` for that attempt and
    /// the notification is retried on Apple's schedule.
    func attempted(_ notification: ServerNotification, result: SendAttemptResult) throws(StoreError) {
        try store { () throws(StorageError) in try database.database.transaction { () throws(StorageError) in
            guard result != .success else { return try acknowledged(notification) }
            try periods.keepingSchedule { () throws(StorageError) in
                try database.database.query("UPDATE notification_attempts SET result = ? WHERE uuid = ? AND attempt = ?",
                                            [.text(result.rawValue), .text(notification.uuid), .integer(Int64(notification.attempt))])
            }
        } }
    }

    /// Records a notification of `type` about `record` as it is at `now`, due at once, with the
    /// renewal information of an auto-renewable subscription (`expirationIntent` for one that
    /// expired); nothing when the notifications are off.
    func notify(_ type: NotificationType, subtype: String? = nil, about record: StoreRecord, at now: Date,
                expirationIntent: RenewalInfoPayload.ExpirationIntent? = nil) throws(StorageError) {
        guard notificationsOn else { return }
        try signatures.loadSigner(from: now)
        let uuid = try nextUUID()
        let renewal = try signedRenewalInfo(of: record, at: now, expirationIntent: expirationIntent)
        var data = appData(signedTransactionInfo: try signatures.jws(of: record, at: now), signedRenewalInfo: renewal,
                           status: renewal == nil ? nil : try periods.renewalState(of: record, at: now).serverAPIStatus)
        // Apple's values: UNINTENDED_PURCHASE, FULFILLMENT_ISSUE, UNSATISFIED_WITH_PURCHASE, LEGAL,
        // OTHER. A simulated customer gives no reason of their own: OTHER.
        if type == .consumptionRequest { data.consumptionRequestReason = "OTHER" }
        let payload = NotificationPayload(notificationType: type.rawValue, subtype: subtype, notificationUUID: uuid, data: data,
                                          signedDate: SimulatedTime.millis(now))
        try keep(payload, signed: try signatures.signJWS(payload, what: "the notification of transaction \(record.id)"),
                   about: record, at: now)
        if record.kind != .familyShare, Self.toldToFamily.contains(type) {
            for share in try database.records(where: "kind = 'family-share' AND refunded = 0 AND shared_from = ?",
                                              [StoreDatabase.idValue(record.originalId)], withReceipts: false) {
                try notify(type, subtype: subtype, about: share, at: now, expirationIntent: expirationIntent)
            }
        }
    }

    /// What happens to a shared subscription is told about each member's own transaction too:
    /// Apple sends DID_FAIL_TO_RENEW and DID_RECOVER "for each family member when a shared
    /// subscription fails to renew due to a billing issue and when it is successfully recovered".
    private static let toldToFamily: Set<NotificationType> = [.didRenew, .didFailToRenew, .gracePeriodExpired, .expired,
                                                              .didChangeRenewalStatus]

    /// The `notificationUUID` of the next notification.
    func nextUUID() throws(StorageError) -> String {
        let seq = try database.database.rows("SELECT COALESCE(MAX(seq), 0) + 1 AS next FROM notifications",
                                             table: "notifications", key: "next") {
            (row) throws(SQLiteColumnError) in try row.integer("next")
        }.first ?? 1
        return try signatures.ids.notificationUUID(seq)
    }

    /// The `data` object of a notification: the app (its App Apple ID in production only), the
    /// environment, and what the notification tells of.
    func appData(signedTransactionInfo: String?, signedRenewalInfo: String? = nil,
                 status: Int? = nil) -> NotificationPayload.Data {
        let app = catalog.app
        return NotificationPayload.Data(
            appAppleId: switches.environment == .production ? app.appAppleId : nil, bundleId: app.bundleId,
            bundleVersion: app.bundleVersion, environment: signatures.signedEnvironment,
            signedTransactionInfo: signedTransactionInfo, signedRenewalInfo: signedRenewalInfo, status: status)
    }

    /// Keeps a signed notification, about `record` when it tells of a transaction, due at once.
    func keep(_ payload: NotificationPayload, signed: String, about record: StoreRecord?, at now: Date) throws(StorageError) {
        try database.database.query("""
            INSERT INTO notifications(uuid, type, subtype, transaction_id, product_id, signed_payload, first_attempt_millis,
                                      attempts, delivered, next_attempt_millis)
            VALUES(?, ?, ?, ?, ?, ?, ?, 0, 0, ?)
            """, [.text(payload.notificationUUID), .text(payload.notificationType), .optional(payload.subtype),
                  record.map { .integer($0.id.value) } ?? .null, .optional(record?.productId), .text(signed),
                  .integer(SimulatedTime.millis(now)), .integer(SimulatedTime.millis(now))])
    }

    /// Posts every notification due by `now`: the first attempt, or a retry. After the last
    /// retry the Store gives up; the notification stays in the history. Apple, "Responding to
    /// App Store Server Notifications": "Retry notifications are available only in the
    /// production environment. In the sandbox environment, the App Store server attempts to
    /// send the notification one time." A notification first posted in the sandbox is given up
    /// after that attempt, and only the Server's history can still fetch it.
    func postDueNotifications(link: Link) throws(StoreError) {
        guard notificationsOn else { return }
        let retries = switches.environment == .production
        try store { () throws(StorageError) in try periods.keepingSchedule { () throws(StorageError) in
            let now = SimulatedTime.millis(link.now)
            for posted in try notifications(where: "next_attempt_millis IS NOT NULL AND next_attempt_millis <= ?", [.integer(now)]) {
                let attempt = posted.attempts + 1
                let first = try firstAttemptMillis(posted.notification.uuid)
                let due = retries ? NotificationRetry.dueMillis(ofAttempt: attempt + 1, firstAt: first) : nil
                let next: SQLiteValue = due.map { .integer($0) } ?? .null
                try database.database.query("UPDATE notifications SET attempts = ?, next_attempt_millis = ? WHERE uuid = ?",
                                            [.integer(Int64(attempt)), next, .text(posted.notification.uuid)])
                try database.database.query("""
                    INSERT OR REPLACE INTO notification_attempts(uuid, attempt, attempt_millis, result) VALUES(?, ?, ?, ?)
                    """, [.text(posted.notification.uuid), .integer(Int64(attempt)), .integer(now),
                          .text(SendAttemptResult.noResponse.rawValue)])
                link.send(.notification(posted.notification.attempt(attempt)))
            }
        } }
    }

    /// When the next notification is due, if any is.
    func nextNotificationDue() throws(StoreError) -> Int64? {
        guard notificationsOn else { return nil }
        return try store { () throws(StorageError) in
            try database.database.rows("SELECT MIN(next_attempt_millis) AS due FROM notifications", table: "notifications", key: "due") {
                (row) throws(SQLiteColumnError) in try row.optionalInteger("due")
            }.first ?? nil
        }
    }

    /// The Server answered a post with HTTP 200: no more retries, and that attempt is `SUCCESS`.
    func acknowledged(_ notification: ServerNotification) throws(StorageError) {
        try periods.keepingSchedule { () throws(StorageError) in
            try database.database.query("UPDATE notifications SET delivered = 1, next_attempt_millis = NULL WHERE uuid = ?",
                                        [.text(notification.uuid)])
            try database.database.query("UPDATE notification_attempts SET result = ? WHERE uuid = ? AND attempt = ?",
                                        [.text(SendAttemptResult.success.rawValue), .text(notification.uuid),
                                         .integer(Int64(notification.attempt))])
        }
    }

    /// Each attempt to post the notifications `uuids`, oldest first, by notification: when it was
    /// made and how it went. An attempt the Server never answered (it was down, did not verify
    /// the notification, or its reply was lost) is `NO_RESPONSE`, as Get Test Notification Status
    /// has always said of it: the Store heard nothing back. An attempt POSTed to a team's URL is
    /// kept with how the POST ended (`attempted`).
    func sendAttempts(of uuids: [String]) throws(StorageError) -> [String: [TestNotificationStatus.SendAttempt]] {
        guard !uuids.isEmpty else { return [:] }
        let rows = try database.database.rows("""
            SELECT uuid, attempt_millis, result FROM notification_attempts WHERE uuid IN (\(SQLiteValue.marks(uuids.count)))
            ORDER BY uuid, attempt
            """, uuids.map(SQLiteValue.text), table: "notification_attempts", key: "uuid") { (row) throws(SQLiteColumnError) in
            (try row.text("uuid"), TestNotificationStatus.SendAttempt(attemptDate: try row.integer("attempt_millis"),
                                                                       sendAttemptResult: try row.choice("result", as: SendAttemptResult.self)))
        }
        return Dictionary(grouping: rows, by: \.0).mapValues { $0.map(\.1) }
    }

    /// Get Notification History: every notification the Store posted, oldest first.
    func history(link: Link) throws(StorageError) {
        link.send(.notificationHistory(try notifications().map { $0.notification.attempt(0) }))
    }

    func notifications(where condition: String = "1", _ values: [SQLiteValue] = []) throws(StorageError) -> [PostedNotification] {
        try database.notifications(where: condition, values)
    }

    /// Every notification the Store posted, oldest first.
    func postedNotifications() throws(StoreError) -> [PostedNotification] {
        try store { () throws(StorageError) in try notifications() }
    }

    func firstAttemptMillis(_ uuid: String) throws(StorageError) -> Int64 {
        try database.database.rows("SELECT first_attempt_millis FROM notifications WHERE uuid = ?", [.text(uuid)],
                                   table: "notifications", key: "uuid") {
            (row) throws(SQLiteColumnError) in try row.integer("first_attempt_millis")
        }.first ?? 0
    }
}

extension StoreDatabase {
    /// The notifications kept, oldest first.
    func notifications(where condition: String = "1", _ values: [SQLiteValue] = []) throws(StorageError) -> [PostedNotification] {
        try database.rows("""
            SELECT seq, uuid, type, subtype, transaction_id, product_id, signed_payload, attempts, delivered, next_attempt_millis
            FROM notifications WHERE \(condition) ORDER BY seq
            """, values, table: "notifications", key: "seq") { (row) throws(SQLiteColumnError) in
            PostedNotification(
                notification: ServerNotification(
                    uuid: try row.text("uuid"), type: try row.choice("type", as: NotificationType.self),
                    subtype: try row.optionalText("subtype"), transactionId: try row.optionalInteger("transaction_id").map { TransactionID($0) },
                    productId: try row.optionalText("product_id"), signedPayload: try row.text("signed_payload"), attempt: 0),
                attempts: Int(try row.integer("attempts")), delivered: try row.bool("delivered"),
                nextAttemptMillis: try row.optionalInteger("next_attempt_millis"))
        }
    }
}
