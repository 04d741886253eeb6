import Foundation
import IAPCore
import Storage

/// The Store's tables in `store.sqlite`: its settings and every transaction it ever made.
struct StoreDatabase {
    let database: SQLiteDatabase

    static let firstTransactionId: Int64 = 1_000_000_000_000_000

    init(path: String, readOnly: Bool) throws(StorageError) {
        database = try SQLiteDatabase(path: path, readOnly: readOnly)
        if !readOnly {
            try database.execute("""
                CREATE TABLE IF NOT EXISTS settings(key TEXT PRIMARY KEY, value TEXT NOT NULL);
                CREATE TABLE IF NOT EXISTS transactions(
                    id INTEGER PRIMARY KEY,
                    original_id INTEGER NOT NULL,
                    product_id TEXT NOT NULL,
                    account TEXT NOT NULL,
                    state TEXT NOT NULL,
                    kind TEXT NOT NULL,
                    charged INTEGER NOT NULL,
                    finished INTEGER NOT NULL,
                    refunded INTEGER NOT NULL DEFAULT 0,
                    date_millis INTEGER NOT NULL,
                    error TEXT,
                    receipt TEXT);
                """)
        }
    }

    func setting(_ key: String) throws(StorageError) -> String? {
        try database.query("SELECT value FROM settings WHERE key = ?", [.text(key)]).first?.text(0)
    }

    func setSetting(_ key: String, _ value: String) throws(StorageError) {
        try database.query("INSERT OR REPLACE INTO settings(key, value) VALUES(?, ?)", [.text(key), .text(value)])
    }

    func removeSetting(_ key: String) throws(StorageError) {
        try database.query("DELETE FROM settings WHERE key = ?", [.text(key)])
    }

    /// A transaction id never handed out before, even when transactions have been deleted.
    func nextTransactionId() throws(StorageError) -> Int64 {
        let highest = try database.query("SELECT MAX(id) FROM transactions").first?.integer(0) ?? Self.firstTransactionId
        let issued = try setting("last-transaction-id").flatMap(Int64.init) ?? Self.firstTransactionId
        let next = max(highest, issued) + 1
        try setSetting("last-transaction-id", String(next))
        return next
    }

    func insert(_ record: StoreRecord) throws(StorageError) {
        try database.query("""
            INSERT INTO transactions(id, original_id, product_id, account, state, kind, charged,
                                     finished, refunded, date_millis, error, receipt)
            VALUES(?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
            """, [
                .integer(Int64(record.id) ?? 0), .integer(Int64(record.originalId) ?? 0),
                .text(record.productId), .text(record.account), .text(record.state.rawValue),
                .text(record.kind.rawValue), .integer(record.charged ? 1 : 0),
                .integer(record.finished ? 1 : 0), .integer(record.refunded ? 1 : 0),
                .integer(Int64(record.date.timeIntervalSince1970 * 1000)),
                .optional(record.error?.rawValue), .optional(record.receipt),
            ])
    }

    /// Replaces the stored row of `record.id` with `record`.
    func update(_ record: StoreRecord) throws(StorageError) {
        try database.query("""
            UPDATE transactions SET original_id = ?, state = ?, kind = ?, charged = ?, finished = ?, refunded = ?,
                                    date_millis = ?, error = ?, receipt = ?
            WHERE id = ?
            """, [
                .integer(Int64(record.originalId) ?? 0), .text(record.state.rawValue), .text(record.kind.rawValue), .integer(record.charged ? 1 : 0),
                .integer(record.finished ? 1 : 0), .integer(record.refunded ? 1 : 0),
                .integer(Int64(record.date.timeIntervalSince1970 * 1000)),
                .optional(record.error?.rawValue), .optional(record.receipt),
                .integer(Int64(record.id) ?? 0),
            ])
    }

    func records(where condition: String = "1", _ values: [SQLiteValue] = []) throws(StorageError) -> [StoreRecord] {
        try database.query("""
            SELECT id, original_id, product_id, account, state, kind, charged, finished, refunded,
                   date_millis, error, receipt
            FROM transactions WHERE \(condition) ORDER BY id
            """, values).map(Self.record)
    }

    private static func record(_ row: SQLiteRow) -> StoreRecord {
        StoreRecord(
            id: row.string(0), originalId: row.string(1), productId: row.string(2),
            account: row.string(3),
            state: TransactionState(rawValue: row.string(4)) ?? .failed,
            kind: StoreRecord.Kind(rawValue: row.string(5)) ?? .purchase,
            charged: row.int(6) != 0, finished: row.int(7) != 0, refunded: row.int(8) != 0,
            date: Date(timeIntervalSince1970: Double(row.int(9)) / 1000),
            error: row.text(10).flatMap(PurchaseError.init(rawValue:)),
            receipt: row.text(11))
    }
}
