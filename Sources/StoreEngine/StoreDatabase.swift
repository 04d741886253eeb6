import Foundation
import IAPCore
import Storage

/// The Store's tables in `store.sqlite`: its settings and every transaction it ever made.
/// Transaction ids are SQLite integers here, as `TransactionID` is everywhere above.
struct StoreDatabase: SettingsTable {
    let database: SQLiteDatabase
    /// The Store's own range of ids, when it has one (`TransactionIDRange`), as the Store read it on opening.
    var transactionIds: TransactionIDRange?

    static let firstTransactionId: TransactionID = 1_000_000_000_000_000

    init(path: String, readOnly: Bool) throws(StorageError) {
        database = try SQLiteDatabase(path: path, readOnly: readOnly, schema: Self.schema)
    }

    /// A transaction id never handed out before, even when transactions have been deleted: the
    /// next after the last, from the first id on, or from the first of the Store's own range.
    func nextTransactionId() throws(StorageError) -> TransactionID {
        let last = try lastIssuedId() ?? transactionIds.map { TransactionID($0.first.value - 1) } ?? Self.firstTransactionId
        let (value, overflow) = last.value.addingReportingOverflow(1)
        guard !overflow else {
            throw StorageError(path: database.path, problem: "settings: last-transaction-id: \(last) is the highest id there can be; no new transaction fits")
        }
        let next = TransactionID(value)
        if let transactionIds, !transactionIds.contains(next) {
            throw StorageError(path: database.path, problem: "settings: \(TransactionIDRange.setting): \(transactionIds) is used up; no new transaction fits")
        }
        try setSetting("last-transaction-id", next.description)
        return next
    }

    /// The highest transaction id handed out so far (deleted transactions included), nil when
    /// none. A file its creator never initialized reads as empty tables, so it has handed out none.
    func lastIssuedId() throws(StorageError) -> TransactionID? {
        let highest = try database.rows("SELECT MAX(id) AS highest FROM transactions", table: "transactions", key: "highest") {
            (row) throws(SQLiteColumnError) in try row.optionalInteger("highest")
        }.first ?? nil
        let issued = try setting("last-transaction-id", as: { Int64($0) })
        return [highest, issued].compactMap { $0 }.max().map { TransactionID($0) }
    }

    /// A transaction id as the table keeps it.
    static func idValue(_ id: TransactionID) -> SQLiteValue {
        .integer(id.value)
    }

    /// A transaction id read from the table.
    static func id(_ row: SQLiteStatementRow, _ column: SQLiteColumn) throws(SQLiteColumnError) -> TransactionID {
        TransactionID(try row.integer(column))
    }

    func insert(_ record: StoreRecord) throws(StorageError) {
        try database.query("""
            INSERT INTO transactions(id, original_id, product_id, account, state, kind, charged,
                                     finished, refunded, date_millis, error, refunded_millis, signed_transaction,
                                     refund_reason, shared_from)
            VALUES(?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
            """, [
                Self.idValue(record.id), Self.idValue(record.originalId),
                .text(record.productId), .text(record.account), .text(record.state.rawValue),
                .text(record.kind.rawValue), .integer(record.charged ? 1 : 0),
                .integer(record.finished ? 1 : 0), .integer(record.refunded ? 1 : 0),
                .integer(SimulatedTime.millis(record.date)),
                .optional(record.error?.rawValue), Self.millis(record.refundDate),
                .optional(record.signedTransaction), Self.reason(record.refundReason),
                record.sharedFrom.map(Self.idValue) ?? .null,
            ])
        try keep(record.receipt, of: record)
    }

    /// Keeps the receipt handed out with a transaction in the receipts table, under its original
    /// id; nil removes it.
    private func keep(_ receipt: String?, of record: StoreRecord) throws(StorageError) {
        guard let receipt else {
            try database.query("DELETE FROM receipts WHERE transaction_id = ?", [Self.idValue(record.id)])
            return
        }
        try database.query("""
            INSERT INTO receipts(transaction_id, receipt, original_transaction_id) VALUES(?, ?, ?)
            ON CONFLICT(transaction_id) DO UPDATE SET receipt = excluded.receipt,
                                                     original_transaction_id = excluded.original_transaction_id
            """, [Self.idValue(record.id), .text(receipt), Self.idValue(record.originalId)])
    }

    /// Replaces the stored row of `record.id` with `record`.
    func update(_ record: StoreRecord) throws(StorageError) {
        try database.query("""
            UPDATE transactions SET original_id = ?, product_id = ?, state = ?, kind = ?, charged = ?, finished = ?,
                                    refunded = ?, date_millis = ?, error = ?, refunded_millis = ?,
                                    signed_transaction = ?, refund_reason = ?
            WHERE id = ?
            """, [
                Self.idValue(record.originalId), .text(record.productId), .text(record.state.rawValue), .text(record.kind.rawValue),
                .integer(record.charged ? 1 : 0), .integer(record.finished ? 1 : 0), .integer(record.refunded ? 1 : 0),
                .integer(SimulatedTime.millis(record.date)),
                .optional(record.error?.rawValue), Self.millis(record.refundDate),
                .optional(record.signedTransaction), Self.reason(record.refundReason), Self.idValue(record.id),
            ])
        try keep(record.receipt, of: record)
    }

    /// The transaction of an id, nil when the Store never made one (or deleted it).
    func record(id: TransactionID) throws(StorageError) -> StoreRecord? {
        try records(where: "id = ?", [Self.idValue(id)]).first
    }

    /// Marks one transaction of `account` finished when it is unfinished (`StoreRecord.isUnfinished`),
    /// changing nothing else of its row; any other id changes nothing. One statement, no read
    /// first; the states are compared one by one, as an `IN` list would cost a temporary table
    /// each time.
    func markFinished(_ id: TransactionID, account: String) throws(StorageError) {
        try database.query("""
            UPDATE transactions SET finished = 1
            WHERE id = ? AND account = ? AND finished = 0 AND (state = 'purchased' OR state = 'failed' OR state = 'restored')
            """, [Self.idValue(id), .text(account)])
    }

    /// Deletes transaction `id` and its receipt; `withChildren`, every transaction it is the
    /// original of too (renewals, and the transactions that restored or handed it back), with theirs.
    func delete(id: TransactionID, withChildren: Bool = false) throws(StorageError) {
        let condition = withChildren ? "id = ? OR original_id = ?" : "id = ?"
        let values = Array(repeating: Self.idValue(id), count: withChildren ? 2 : 1)
        try database.query("DELETE FROM receipts WHERE transaction_id IN (SELECT id FROM transactions WHERE \(condition))", values)
        try database.query("DELETE FROM transactions WHERE \(condition)", values)
    }

    /// The newest charged, non-restore transaction of each original id that `account` made of
    /// one of `products` and that meets `condition`, oldest first: read through the account's
    /// index, however long the rest of the history.
    func latestPaid(account: String, products: [String], where condition: String = "1",
                    withReceipts: Bool = true) throws(StorageError) -> [StoreRecord] {
        guard !products.isEmpty else { return [] }
        let list = SQLiteValue.marks(products.count)
        return try records(where: """
            id IN (SELECT MAX(id) FROM transactions WHERE account = ? AND product_id IN (\(list))
                   AND charged = 1 AND kind != 'restore' AND \(condition) GROUP BY original_id)
            """, [.text(account)] + products.map(SQLiteValue.text), withReceipts: withReceipts)
    }

    /// The newest charged, non-restore transaction `account` made of one of `products` in each of
    /// the subscriptions `originalIds`, oldest first, without their receipts: one step back from
    /// the end of each subscription's run in the index by original id, however many renewals it has.
    func latestPaid(of originalIds: [TransactionID], account: String, products: [String]) throws(StorageError) -> [StoreRecord] {
        guard !originalIds.isEmpty, !products.isEmpty else { return [] }
        return try records(where: Self.latestPaidOfSubscriptions(products: products.count),
                           [.text(account)] + products.map(SQLiteValue.text) + [Self.idList(originalIds)], withReceipts: false)
    }

    /// The condition of `latestPaid(of:account:products:)` for a list of `products` ids: the
    /// account, then the products, then the original ids as one JSON array (`idList`).
    static func latestPaidOfSubscriptions(products: Int) -> String {
        """
        id IN (SELECT (SELECT paid.id FROM transactions AS paid
                       WHERE paid.original_id = listed.value AND +paid.account = ?
                         AND +paid.product_id IN (\(SQLiteValue.marks(products)))
                         AND paid.charged = 1 AND paid.kind != 'restore' ORDER BY paid.id DESC LIMIT 1)
               FROM json_each(?) AS listed)
        """
    }

    /// Every charged, non-restore transaction `account` made of one of `products`, oldest first,
    /// without their receipts: read through the account's index, however long the rest of the history.
    func paid(account: String, products: [String]) throws(StorageError) -> [StoreRecord] {
        guard !products.isEmpty else { return [] }
        let list = SQLiteValue.marks(products.count)
        return try records(where: """
            account = ? AND product_id IN (\(list)) AND charged = 1 AND kind != 'restore'
            """, [.text(account)] + products.map(SQLiteValue.text), withReceipts: false)
    }

    /// The receipt last handed out with a transaction of the subscription `originalId` (one of
    /// `products`): the subscription's receipts read newest first through their index by original
    /// id, however many renewals were kept without one.
    func lastReceipt(of originalId: TransactionID, products: [String]) throws(StorageError) -> String? {
        guard !products.isEmpty else { return nil }
        return try database.rows(Self.lastReceiptQuery(products: products.count),
                                 products.map(SQLiteValue.text) + [Self.idValue(originalId)],
                                 table: "receipts", key: "receipt") { (row) throws(SQLiteColumnError) in
            try row.text("receipt")
        }.first
    }

    /// The query of `lastReceipt` for a list of `products` ids, then the original id.
    static func lastReceiptQuery(products: Int) -> String {
        let list = SQLiteValue.marks(products)
        return """
            SELECT receipts.receipt AS receipt FROM receipts JOIN transactions ON transactions.id = receipts.transaction_id
            WHERE transactions.product_id IN (\(list)) AND receipts.original_transaction_id = ?
              AND transactions.charged = 1 AND transactions.kind != 'restore'
            ORDER BY receipts.transaction_id DESC LIMIT 1
            """
    }

    /// The condition of the newest charged, non-restore, refunded transaction of a product (the
    /// first value) by an account (the second): the one whose refund `refund reverse` reverses.
    static let newestRefunded = """
        id = (SELECT id FROM transactions WHERE product_id = ? AND account = ? AND charged = 1 AND kind != 'restore'
              AND refunded = 1 ORDER BY id DESC LIMIT 1)
        """

    /// The condition of the newest charged, non-restore, unrefunded transaction of a product (the
    /// first value) by an account (the second): the account's index walked back from its newest
    /// transaction of the product to the first that matches.
    static let newestPaidUnrefunded = """
        id = (SELECT id FROM transactions WHERE product_id = ? AND account = ? AND charged = 1 AND kind != 'restore'
              AND refunded = 0 ORDER BY id DESC LIMIT 1)
        """

    /// The paid (non-restore) transactions of these products the app has not finished yet, read
    /// through the index of unfinished transactions, without their receipts.
    func unfinishedPaid(account: String, products: [String]) throws(StorageError) -> [StoreRecord] {
        guard !products.isEmpty else { return [] }
        let list = SQLiteValue.marks(products.count)
        return try records(where: """
            account = ? AND finished = 0 AND charged = 1 AND kind != 'restore' AND product_id IN (\(list))
            """, [.text(account)] + products.map(SQLiteValue.text), withReceipts: false)
    }

    /// The transactions of these ids that the Store still has, without their receipts, by id:
    /// what a receipt check needs of the purchases a receipt lists.
    func recordsWithoutReceipts(ids: [TransactionID]) throws(StorageError) -> [TransactionID: StoreRecord] {
        guard !ids.isEmpty else { return [:] }
        var found: [TransactionID: StoreRecord] = [:]
        for record in try records(where: "id IN (SELECT value FROM json_each(?))", [Self.idList(ids)], withReceipts: false) {
            found[record.id] = record
        }
        return found
    }

    /// Ids as one JSON array, bound as one parameter and read with `json_each`: a list of any
    /// length is one statement, kept prepared, where a list of `?` made a statement of each
    /// length (a receipt check lists every purchase its receipt holds) and bound every id alone.
    static func idList(_ ids: [TransactionID]) -> SQLiteValue {
        .text(String(atMost: 2 + 21 * ids.count) { json in
            json.byte(UInt8(ascii: "["))
            for (index, id) in ids.enumerated() {
                if index > 0 { json.byte(UInt8(ascii: ",")) }
                json.decimal(id.value)
            }
            json.byte(UInt8(ascii: "]"))
        })
    }

    private static func reason(_ reason: RevocationReason?) -> SQLiteValue {
        reason.map { .integer(Int64($0.rawValue)) } ?? .null
    }

    private static func millis(_ date: Date?) -> SQLiteValue {
        date.map { .integer(SimulatedTime.millis($0)) } ?? .null
    }
}
