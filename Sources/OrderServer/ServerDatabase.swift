import Foundation
import Storage

/// The Server's tables in `server.sqlite`: credits (UNIQUE on the transaction id), balances,
/// entitlements and rejections.
struct ServerDatabase {
    let database: SQLiteDatabase

    init(path: String, readOnly: Bool) throws(StorageError) {
        database = try SQLiteDatabase(path: path, readOnly: readOnly)
        if !readOnly {
            try database.execute("""
                CREATE TABLE IF NOT EXISTS credits(
                    seq INTEGER PRIMARY KEY AUTOINCREMENT,
                    transaction_id TEXT NOT NULL UNIQUE,
                    original_transaction_id TEXT NOT NULL,
                    product_id TEXT NOT NULL,
                    server_product_id TEXT,
                    account TEXT NOT NULL,
                    date_millis INTEGER NOT NULL,
                    grant_text TEXT NOT NULL);
                CREATE TABLE IF NOT EXISTS balances(
                    currency TEXT PRIMARY KEY,
                    amount INTEGER NOT NULL);
                CREATE TABLE IF NOT EXISTS entitlements(
                    product_id TEXT PRIMARY KEY,
                    transaction_id TEXT NOT NULL,
                    expires_millis INTEGER);
                CREATE TABLE IF NOT EXISTS rejections(
                    seq INTEGER PRIMARY KEY AUTOINCREMENT,
                    transaction_id TEXT NOT NULL,
                    status INTEGER NOT NULL,
                    date_millis INTEGER NOT NULL);
                """)
        }
    }

    func ledger() throws(StorageError) -> Ledger {
        let credits = try database.query("""
            SELECT transaction_id, original_transaction_id, product_id, account, date_millis, grant_text
            FROM credits ORDER BY seq
            """).map {
            Ledger.Credit(transactionId: $0.string(0), originalTransactionId: $0.string(1),
                          productId: $0.string(2), account: $0.string(3), date: Self.date($0.int(4)),
                          grant: $0.string(5))
        }
        var balances: [String: Int] = [:]
        for row in try database.query("SELECT currency, amount FROM balances") {
            balances[row.string(0)] = row.int(1)
        }
        let entitlements = try database.query(
            "SELECT product_id, transaction_id, expires_millis FROM entitlements ORDER BY product_id"
        ).map {
            Ledger.Entitlement(productId: $0.string(0), transactionId: $0.string(1),
                               expires: $0.integer(2).map { Self.date(Int($0)) })
        }
        let rejections = try database.query(
            "SELECT transaction_id, status, date_millis FROM rejections ORDER BY seq"
        ).map {
            Ledger.Rejection(transactionId: $0.string(0), status: $0.int(1), date: Self.date($0.int(2)))
        }
        return Ledger(credits: credits, balances: balances, entitlements: entitlements, rejections: rejections)
    }

    static func millis(_ date: Date) -> Int64 {
        Int64(date.timeIntervalSince1970 * 1000)
    }

    private static func date(_ millis: Int) -> Date {
        Date(timeIntervalSince1970: Double(millis) / 1000)
    }
}
