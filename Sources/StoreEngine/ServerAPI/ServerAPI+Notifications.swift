import Foundation
import IAPCore
import Storage

/// The endpoints about App Store Server Notifications: Get Notification History, Request a Test
/// Notification and Get Test Notification Status.
extension ServerAPI {
    /// Get Notification History (`NotificationHistoryResponse`): the notifications first sent
    /// from `startDate` up to `endDate` that pass the body's filters, oldest first, 20 a page,
    /// each with its `signedPayload` and every attempt to send it (`Notifications.sendAttempts`).
    /// A `transactionId` limits the history to that customer: Apple, "Provide this field to limit
    /// the notification history request to this one customer"; `onlyFailures` to the notifications
    /// "that haven't reached your server successfully".
    func notificationHistory(_ request: ServerAPIRequest, at now: Date) throws(StorageError) -> Result<ServerAPIResponse, ServerAPIError> {
        let query: NotificationHistoryQuery
        switch NotificationHistoryQuery.of(request.body, nowMillis: SimulatedTime.millis(now)) {
        case .failure(let error): return .failure(error)
        case .success(let read): query = read
        }
        let after: ServerAPIPageToken?
        switch request.pageToken("paginationToken", invalid: .invalidPaginationToken) {
        case .failure(let error): return .failure(error)
        case .success(let token): after = token
        }
        var condition = "first_attempt_millis >= ? AND first_attempt_millis < ?"
        var values: [SQLiteValue] = [.integer(query.startDate), .integer(query.endDate)]
        if let type = query.notificationType {
            condition += " AND type = ?"
            values.append(.text(type))
        }
        if let subtype = query.notificationSubtype {
            condition += " AND subtype = ?"
            values.append(.text(subtype))
        }
        if let id = query.transactionId {
            condition += " AND transaction_id IN (SELECT id FROM transactions WHERE account = (SELECT account FROM transactions WHERE id = ?))"
            values.append(StoreDatabase.idValue(id))
        }
        if query.onlyFailures { condition += " AND delivered = 0" }
        let found = try database.database.rows("""
            SELECT seq, uuid, signed_payload, first_attempt_millis FROM notifications WHERE \(condition)
            """, values, table: "notifications", key: "seq") { (row) throws(SQLiteColumnError) in
            (ServerAPIPageToken(millis: try row.integer("first_attempt_millis"), id: try row.integer("seq")),
             (uuid: try row.text("uuid"), signedPayload: try row.text("signed_payload")))
        }
        let page = ServerAPIPage(of: found, after: after)
        let attempts = try notifications.sendAttempts(of: page.entries.map(\.uuid))
        return .success(.ok(EventJSONWriter.object { json in
            json.put("notificationHistory", page.entries) { entry, item in
                item.put("signedPayload", entry.signedPayload)
                item.put("sendAttempts", attempts[entry.uuid] ?? [], Self.write)
            }
            json.put("hasMore", page.hasMore)
            json.put("paginationToken", page.token.text)
        }))
    }

    /// Request a Test Notification (`SendTestNotificationResponse`): the Store keeps a `TEST`
    /// notification, as the in-process request does (`Notifications.requestTest`), and answers its
    /// token; with the notifications off, `ServerNotificationURLNotFoundError`.
    func requestTestNotification(at now: Date) throws(StorageError) -> Result<ServerAPIResponse, ServerAPIError> {
        guard let token = try notifications.requestTest(at: now) else { return .failure(.serverNotificationURLNotFound) }
        return .success(.ok(EventJSONWriter.object { $0.put("testNotificationToken", token) }))
    }

    /// Get Test Notification Status (`CheckTestNotificationResponse`): the `TEST` notification's
    /// `signedPayload` and its `sendAttempts`; a token that is not one the Store writes (a UUID)
    /// is `InvalidTestNotificationTokenError`, one of no test `TestNotificationNotFoundError`.
    func testNotificationStatus(_ token: String) throws(StorageError) -> Result<ServerAPIResponse, ServerAPIError> {
        guard UUID(uuidString: token) != nil else { return .failure(.invalidTestNotificationToken) }
        let status = try notifications.testStatus(token)
        guard let signedPayload = status.signedPayload else { return .failure(.testNotificationNotFound) }
        return .success(.ok(EventJSONWriter.object { json in
            json.put("signedPayload", signedPayload)
            json.put("sendAttempts", status.sendAttempts ?? [], Self.write)
        }))
    }

    /// One `sendAttemptItem`: `attemptDate` in milliseconds and `sendAttemptResult`.
    private static func write(_ attempt: TestNotificationStatus.SendAttempt, to object: inout EventJSONWriter) {
        object.put("attemptDate", attempt.attemptDate)
        object.put("sendAttemptResult", attempt.sendAttemptResult.rawValue)
    }
}
