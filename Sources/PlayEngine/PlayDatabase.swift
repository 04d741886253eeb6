import IAPCore
import Storage

/// Google Play's tables in `play.sqlite`: its settings and every purchase it issued. Opened
/// through Storage as the Store's file is: WAL with `synchronous=FULL`, checked for integrity and
/// for its schema before use, so a damaged or foreign file is one `StorageError` naming it.
struct PlayDatabase: SettingsTable {
    let database: SQLiteDatabase

    init(path: String, readOnly: Bool) throws(StorageError) {
        database = try SQLiteDatabase(path: path, readOnly: readOnly, schema: Self.schema)
    }

    /// The sequence number of the next purchase: one past the highest issued (purchases are never
    /// deleted), 0 for the first.
    func nextSequence() throws(StorageError) -> Int64 {
        let highest = try database.rows("SELECT MAX(sequence) AS highest FROM purchases", table: "purchases", key: "highest") {
            (row) throws(SQLiteColumnError) in try row.optionalInteger("highest")
        }.first ?? nil
        return highest.map { $0 + 1 } ?? 0
    }

    func insert(_ record: PlayPurchaseRecord) throws(StorageError) {
        try database.query("INSERT INTO purchases(\(PlayPurchaseRecord.columns)) VALUES(\(SQLiteValue.marks(PlayPurchaseRecord.columnCount)))", record.values)
    }

    /// Writes what can change of a purchase (its state and the moments that change it) to its row.
    func update(_ record: PlayPurchaseRecord) throws(StorageError) {
        try database.query("""
            UPDATE purchases SET state = ?, purchased_millis = ?, acknowledged_millis = ?, acknowledged_by = ?,
                                 consumed_millis = ?, consumed_by = ?, voided_millis = ?, voided_source = ?, voided_reason = ?,
                                 expiry_millis = ?, auto_renewing = ?, renewals = ?, ended_millis = ?, voided_renewal = ?,
                                 billing_fails = ?, billing_issue = ?, renewal_failed_millis = ?, issue_ends_millis = ?
            WHERE order_number = ?
            """, record.changingValues + record.subscriptionValues + record.recoveryValues + [.integer(record.orderId.number)])
    }

    /// The purchase of a token, nil when Play issued none.
    func record(token: String) throws(StorageError) -> PlayPurchaseRecord? {
        try records(where: "token = ?", [.text(token)]).first
    }

    /// The purchase of an order id, nil when Play issued none.
    func record(order: PlayOrderID) throws(StorageError) -> PlayPurchaseRecord? {
        try records(where: "order_number = ?", [.integer(order.number)]).first
    }

    /// The purchases `account` holds (PURCHASED or PENDING, not consumed, not voided), of
    /// `productId` when given, in the order issued.
    func owned(account: String, productId: String? = nil) throws(StorageError) -> [PlayPurchaseRecord] {
        guard let productId else { return try records(Self.heldQuery, [.text(account)]) }
        return try records(Self.heldOfProductQuery, [.text(account), .text(productId)])
    }

    /// The purchases `kind` concerns that fall due at or before `millis`, in the order they do (then issued).
    func due(_ kind: PlayDue, atOrBefore millis: Int64) throws(StorageError) -> [PlayPurchaseRecord] {
        try records(kind.dueQuery, [.integer(millis)])
    }

    /// The earliest moment after `millis` one of the purchases `kind` concerns falls due; nil when none will.
    func earliest(_ kind: PlayDue, after millis: Int64) throws(StorageError) -> Int64? {
        try database.rows(kind.earliestQuery, [.integer(millis)], table: "purchases", key: "earliest") { (row) throws(SQLiteColumnError) in
            try row.optionalInteger("earliest")
        }.first ?? nil
    }

    /// The purchases voided from `start` through `end`, by when they were voided.
    func voided(from start: Int64, through end: Int64) throws(StorageError) -> [PlayPurchaseRecord] {
        try records(Self.voidedQuery, [.integer(start), .integer(end)])
    }

    /// The products of every purchase `account` ever paid for (PURCHASED at some moment, then
    /// perhaps consumed, voided or expired).
    func everPaid(account: String) throws(StorageError) -> Set<String> {
        Set(try records(where: "account = ? AND purchased_millis IS NOT NULL", [.text(account)]).map(\.productId))
    }

    /// Every purchase, in the order issued.
    func all() throws(StorageError) -> [PlayPurchaseRecord] {
        try records(where: "1", [])
    }

    /// The condition of the purchases an account holds.
    private static let held = "account = ? AND state != 'canceled' AND consumed_millis IS NULL AND voided_millis IS NULL"

    /// The query of the purchases an account (the value) holds, in the order issued.
    static let heldQuery = recordsQuery(where: held)

    /// The query of the purchases an account (the first value) holds of a product (the second).
    static let heldOfProductQuery = recordsQuery(where: held + " AND product_id = ?")

    /// The query of the purchases voided from the first value through the second, by when.
    static let voidedQuery = recordsQuery(where: "voided_millis IS NOT NULL AND voided_millis >= ? AND voided_millis <= ?",
                                          order: "voided_millis, sequence")

    /// The query of the purchases that meet `condition`, in `order`.
    private static func recordsQuery(where condition: String, order: String = "sequence") -> String {
        "SELECT \(PlayPurchaseRecord.columns) FROM purchases WHERE \(condition) ORDER BY \(order)"
    }

    private func records(where condition: String, _ values: [SQLiteValue]) throws(StorageError) -> [PlayPurchaseRecord] {
        try records(Self.recordsQuery(where: condition), values)
    }

    private func records(_ query: String, _ values: [SQLiteValue]) throws(StorageError) -> [PlayPurchaseRecord] {
        try database.rows(query, values,
                          table: "purchases", key: "order_number") { (row) throws(SQLiteColumnError) in
            try PlayPurchaseRecord(row: row)
        }
    }
}
