import IAPClient
import Storage

/// SQLite in WAL mode with `synchronous=FULL`: one INSERT transaction, one DELETE transaction.
final class SQLiteCacheContender: CacheContender {
    private let database: SQLiteDatabase

    init(path: String, count: Int) throws(BenchError) {
        database = try BenchError.attempt("the SQLite cache") {
            let database = try SQLiteDatabase(path: path)
            try database.execute("""
                CREATE TABLE pending(transaction_id TEXT PRIMARY KEY, product_id TEXT NOT NULL,
                                     server_product_id TEXT, receipt TEXT NOT NULL)
                """)
            try database.transaction { () throws(StorageError) in
                for number in 0..<count {
                    try Self.insert(BenchCacheFormat.order(number), into: database)
                }
            }
            return database
        }
    }

    func saveAndRemove(_ change: CacheChange) throws(BenchError) {
        try BenchError.attempt("the SQLite cache") {
            try database.transaction { () throws(StorageError) in try Self.insert(change.order, into: database) }
            try database.transaction { () throws(StorageError) -> Void in
                _ = try database.query("DELETE FROM pending WHERE transaction_id = ?", [.text(change.order.transactionId.description)])
            }
        }
    }

    private static func insert(_ order: PendingOrder, into database: SQLiteDatabase) throws(StorageError) {
        try database.query("INSERT OR REPLACE INTO pending VALUES(?, ?, ?, ?)", [
            .text(order.transactionId.description), .text(order.productId), .optional(order.serverProductId), .text(order.receipt),
        ])
    }
}
