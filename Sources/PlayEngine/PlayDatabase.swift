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

    /// The PURCHASED, unacknowledged, unvoided purchases that became PURCHASED at or before
    /// `millis`, in the order they became PURCHASED (then issued).
    func unacknowledged(purchasedAtOrBefore millis: Int64) throws(StorageError) -> [PlayPurchaseRecord] {
        try records(Self.dueQuery, [.integer(millis)])
    }

    /// The earliest moment a PURCHASED, unacknowledged, unvoided purchase became PURCHASED after
    /// `millis`; nil when none did.
    func earliestUnacknowledged(purchasedAfter millis: Int64) throws(StorageError) -> Int64? {
        try earliest(Self.earliestQuery, after: millis)
    }

    /// The PENDING purchases paid with a slow test card that resolves at or before `millis`, in
    /// the order they resolve (then issued).
    func slowCards(dueAtOrBefore millis: Int64) throws(StorageError) -> [PlayPurchaseRecord] {
        try records(Self.slowCardsDueQuery, [.integer(millis)])
    }

    /// The earliest moment after `millis` a PENDING purchase's slow test card resolves; nil when none will.
    func earliestSlowCard(dueAfter millis: Int64) throws(StorageError) -> Int64? {
        try earliest(Self.earliestSlowCardQuery, after: millis)
    }

    /// The active, auto-renewing subscriptions whose period ends at or before `millis`, in the
    /// order their periods end (then issued).
    func renewing(dueAtOrBefore millis: Int64) throws(StorageError) -> [PlayPurchaseRecord] {
        try records(Self.renewalsDueQuery, [.integer(millis)])
    }

    /// The earliest moment after `millis` an active, auto-renewing subscription's period ends; nil when none will.
    func earliestRenewal(dueAfter millis: Int64) throws(StorageError) -> Int64? {
        try earliest(Self.earliestRenewalQuery, after: millis)
    }

    /// The condition of a subscription that renews at the end of its period, as the
    /// `purchases_renewal_due` index reads it.
    private static let renewing = "state = 'purchased' AND auto_renewing = 1 AND voided_millis IS NULL AND expiry_millis IS NOT NULL "
        + "AND billing_issue IS NULL"

    /// The query of the subscriptions that renew at or before the value, in the order they do.
    static let renewalsDueQuery = recordsQuery(where: renewing + " AND expiry_millis <= ?", order: "expiry_millis, sequence")

    /// The query of the earliest moment a subscription renews after the value.
    static let earliestRenewalQuery = "SELECT MIN(expiry_millis) AS earliest FROM purchases WHERE \(renewing) AND expiry_millis > ?"

    /// The subscriptions that no longer renew whose last period ended at or before `millis` and
    /// that Play has not told expired, in the order their periods end (then issued).
    func expiring(dueAtOrBefore millis: Int64) throws(StorageError) -> [PlayPurchaseRecord] {
        try records(Self.expiriesDueQuery, [.integer(millis)])
    }

    /// The earliest moment after `millis` a subscription that no longer renews expires; nil when none will.
    func earliestExpiry(dueAfter millis: Int64) throws(StorageError) -> Int64? {
        try earliest(Self.earliestExpiryQuery, after: millis)
    }

    /// The condition of a subscription that expires at the end of its period, as the
    /// `purchases_expiry_due` index reads it.
    private static let expiring = "state = 'purchased' AND auto_renewing = 0 AND voided_millis IS NULL AND ended_millis IS NULL "
        + "AND expiry_millis IS NOT NULL"

    /// The query of the subscriptions that expire at or before the value, in the order they do.
    static let expiriesDueQuery = recordsQuery(where: expiring + " AND expiry_millis <= ?", order: "expiry_millis, sequence")

    /// The query of the earliest moment a subscription expires after the value.
    static let earliestExpiryQuery = "SELECT MIN(expiry_millis) AS earliest FROM purchases WHERE \(expiring) AND expiry_millis > ?"

    /// The auto-renewing subscriptions in recovery (grace period or account hold) whose stage
    /// ends at or before `millis`, in the order their stages end (then issued).
    func recovering(dueAtOrBefore millis: Int64) throws(StorageError) -> [PlayPurchaseRecord] {
        try records(Self.recoveriesDueQuery, [.integer(millis)])
    }

    /// The earliest moment after `millis` a subscription's grace period or account hold ends; nil when none will.
    func earliestRecoveryEnd(dueAfter millis: Int64) throws(StorageError) -> Int64? {
        try earliest(Self.earliestRecoveryEndQuery, after: millis)
    }

    /// The condition of a subscription in recovery, as the `purchases_recovery_due` index reads it.
    private static let recovering = "billing_issue IS NOT NULL AND auto_renewing = 1 AND voided_millis IS NULL AND ended_millis IS NULL "
        + "AND issue_ends_millis IS NOT NULL"

    /// The query of the subscriptions whose stage of recovery ends at or before the value, in the order they do.
    static let recoveriesDueQuery = recordsQuery(where: recovering + " AND issue_ends_millis <= ?", order: "issue_ends_millis, sequence")

    /// The query of the earliest moment a stage of recovery ends after the value.
    static let earliestRecoveryEndQuery =
        "SELECT MIN(issue_ends_millis) AS earliest FROM purchases WHERE \(recovering) AND issue_ends_millis > ?"

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

    /// The condition of a purchase whose three days run, as the `purchases_due` index reads it.
    private static let unacknowledged = "state = 'purchased' AND acknowledged_millis IS NULL AND voided_millis IS NULL"

    /// The query of the purchases whose three days run and that became PURCHASED at or before the
    /// value, in the order they did: the order of the index, which SQLite then reads rather than
    /// walk every purchase in the order issued.
    static let dueQuery = recordsQuery(where: unacknowledged + " AND purchased_millis <= ?", order: "purchased_millis, sequence")

    /// The query of the earliest moment a purchase whose three days run became PURCHASED after the value.
    static let earliestQuery = "SELECT MIN(purchased_millis) AS earliest FROM purchases WHERE \(unacknowledged) AND purchased_millis > ?"

    /// The condition of a purchase whose slow test card has yet to resolve, as the
    /// `purchases_slow_card_due` index reads it.
    private static let slowCardWaiting = "state = 'pending' AND slow_card_due_millis IS NOT NULL"

    /// The query of the slow test cards that resolve at or before the value, in the order they do.
    static let slowCardsDueQuery = recordsQuery(where: slowCardWaiting + " AND slow_card_due_millis <= ?",
                                                order: "slow_card_due_millis, sequence")

    /// The query of the earliest moment a slow test card resolves after the value.
    static let earliestSlowCardQuery =
        "SELECT MIN(slow_card_due_millis) AS earliest FROM purchases WHERE \(slowCardWaiting) AND slow_card_due_millis > ?"

    /// The query of the purchases voided from the first value through the second, by when.
    static let voidedQuery = recordsQuery(where: "voided_millis IS NOT NULL AND voided_millis >= ? AND voided_millis <= ?",
                                          order: "voided_millis, sequence")

    /// The one value of a `SELECT MIN(…) AS earliest` query after `millis`; nil when no row meets it.
    private func earliest(_ query: String, after millis: Int64) throws(StorageError) -> Int64? {
        try database.rows(query, [.integer(millis)], table: "purchases", key: "earliest") { (row) throws(SQLiteColumnError) in
            try row.optionalInteger("earliest")
        }.first ?? nil
    }

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
