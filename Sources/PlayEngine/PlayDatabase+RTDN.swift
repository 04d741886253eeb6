import IAPCore
import Storage

/// The `rtdn` table: the Pub/Sub messages Play published and their pushes.
extension PlayDatabase {
    /// Adds a message about `order`, first pushed at `firstPush`; `holdingOthers` (reorder) holds
    /// every message not pushed yet until then too, so that they go out together, newest first.
    func publish(_ kind: PublishedNotification.Kind, order: PlayOrderID, at millis: Int64, firstPush: Int64,
                 holdingOthers: Bool) throws(StorageError) {
        if holdingOthers {
            try database.query("UPDATE rtdn SET next_attempt_millis = ? WHERE attempts = 0 AND next_attempt_millis IS NOT NULL",
                               [.integer(firstPush)])
        }
        try database.query("INSERT INTO rtdn(order_number, kind, event_millis, next_attempt_millis) VALUES(?, ?, ?, ?)",
                           [.integer(order.transactionId.value), .text(kind.rawValue), .integer(millis), .integer(firstPush)])
    }

    /// The messages due by `millis`, each with its purchase, oldest (or newest) first.
    func duePushes(by millis: Int64, newestFirst: Bool) throws(StorageError) -> [(PublishedNotification, PlayPurchaseRecord)] {
        let due = try database.rows(
            "SELECT \(PublishedNotification.columns) FROM rtdn WHERE next_attempt_millis IS NOT NULL AND next_attempt_millis <= ? "
                + "ORDER BY message_id \(newestFirst ? "DESC" : "ASC")",
            [.integer(millis)], table: "rtdn", key: "message_id") { (row) throws(SQLiteColumnError) in
            try PublishedNotification(row: row)
        }
        var pushes: [(PublishedNotification, PlayPurchaseRecord)] = []
        for message in due {
            guard let record = try record(order: message.order.base) else {
                throw StorageError(path: database.path, problem: "rtdn: message \(message.messageId) names order \(message.order), "
                                   + "which no purchase has")
            }
            pushes.append((message, record))
        }
        return pushes
    }

    /// Records a push: its count, and when it is pushed next (nil: given up).
    func pushed(_ messageId: Int64, attempts: Int, next: Int64?) throws(StorageError) {
        try database.query("UPDATE rtdn SET attempts = ?, next_attempt_millis = ? WHERE message_id = ?",
                           [.integer(Int64(attempts)), next.map { .integer($0) } ?? .null, .integer(messageId)])
    }

    /// Records the Server's HTTP 200; `duplicateAt` pushes the message once more then, once.
    func acknowledgedPush(_ messageId: Int64, at millis: Int64, duplicateAt: Int64?) throws(StorageError) {
        guard let duplicateAt else {
            try database.query("UPDATE rtdn SET acknowledged_millis = coalesce(acknowledged_millis, ?), next_attempt_millis = NULL "
                               + "WHERE message_id = ?", [.integer(millis), .integer(messageId)])
            return
        }
        try database.query("""
            UPDATE rtdn SET acknowledged_millis = coalesce(acknowledged_millis, ?),
                            next_attempt_millis = CASE WHEN duplicated = 0 THEN ? END, duplicated = 1
            WHERE message_id = ?
            """, [.integer(millis), .integer(duplicateAt), .integer(messageId)])
    }

    /// The earliest push due, nil when none is.
    func nextPushDue() throws(StorageError) -> Int64? {
        try database.rows("SELECT MIN(next_attempt_millis) AS due FROM rtdn", table: "rtdn", key: "due") { (row) throws(SQLiteColumnError) in
            try row.optionalInteger("due")
        }.first ?? nil
    }

    /// Every message, in the order published.
    func notifications() throws(StorageError) -> [PublishedNotification] {
        try database.rows("SELECT \(PublishedNotification.columns) FROM rtdn ORDER BY message_id", table: "rtdn", key: "message_id") {
            (row) throws(SQLiteColumnError) in try PublishedNotification(row: row)
        }
    }
}
