import IAPCore
import Storage

/// The verifyReceipt answers the Server received, kept as it received them: the latest about
/// each transaction (`state --json` shows it). One answer about many transactions (a launch's
/// recovery of a thousand orders) is kept once; an answer no transaction's latest any more is
/// deleted when it is replaced.
extension ServerDatabase {
    /// Keeps `body` as the latest answer about each of `ids`.
    func keepResponse(_ body: String, about ids: [TransactionID]) throws(StorageError) {
        guard !ids.isEmpty else { return }
        let list = SQLiteValue.text("[" + ids.map(\.description).joined(separator: ",") + "]")
        let replaced = try database.rows(
            "SELECT DISTINCT response_id FROM transaction_responses WHERE transaction_id IN (SELECT value FROM json_each(?))",
            [list], table: "transaction_responses", key: "response_id") { (row) throws(SQLiteColumnError) in try row.integer("response_id") }
        let kept = try database.rows("INSERT INTO receipt_responses(body) VALUES(?) RETURNING id", [.text(body)],
                                     table: "receipt_responses", key: "id") { (row) throws(SQLiteColumnError) in try row.integer("id") }
        guard let id = kept.first else { return }
        try database.query("""
            INSERT INTO transaction_responses(transaction_id, response_id) SELECT value, ? FROM json_each(?) WHERE true
            ON CONFLICT(transaction_id) DO UPDATE SET response_id = excluded.response_id
            """, [.integer(id), list])
        for old in replaced {
            try database.query("""
                DELETE FROM receipt_responses WHERE id = ?
                  AND NOT EXISTS (SELECT 1 FROM transaction_responses WHERE response_id = ?)
                """, [.integer(old), .integer(old)])
        }
    }

    /// The latest answer kept about each transaction.
    func responses() throws(StorageError) -> [TransactionID: String] {
        let rows = try database.rows("""
            SELECT transaction_id, body FROM transaction_responses JOIN receipt_responses ON receipt_responses.id = response_id
            """, table: "transaction_responses", key: "transaction_id") { (row) throws(SQLiteColumnError) in
            (TransactionID(try row.integer("transaction_id")), try row.text("body"))
        }
        return Dictionary(rows, uniquingKeysWith: { _, last in last })
    }
}
