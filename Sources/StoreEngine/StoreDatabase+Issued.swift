import IAPCore
import Storage

extension StoreDatabase {
    /// What the Store's records say of the purchases a receipt lists, SQLite returning a row only
    /// for a purchase that is refunded or not issued as listed (usually none): how many are not
    /// transactions this Store issued as the receipt says (an id it never handed out or deleted;
    /// another original transaction, product or purchase date; another account than `account`; a
    /// transaction no receipt lists, never charged or a restore; or listed as a family member's
    /// share when it is not one, or the other way round), and the ids of those it refunded.
    /// `listed` is `Receipts.issuanceList`'s JSON array: one statement for a list of any length.
    func issuance(_ listed: SQLiteValue, account: String) throws(StorageError) -> (unissued: Int, refunded: Set<TransactionID>) {
        let rows = try database.rows("""
            SELECT id, refunded, unissued FROM (
                SELECT listed.value ->> 0 AS id, coalesce(transactions.refunded, 0) AS refunded,
                       (transactions.id IS NULL
                        OR transactions.original_id IS NOT listed.value ->> 1
                        OR transactions.product_id IS NOT listed.value ->> 2
                        OR transactions.date_millis IS NOT listed.value ->> 3
                        OR transactions.account IS NOT ?
                        OR (CASE WHEN listed.value ->> 4 THEN transactions.kind != 'family-share'
                                 ELSE transactions.charged = 0 OR transactions.kind IN ('restore', 'family-share') END)) AS unissued
                FROM json_each(?) AS listed LEFT JOIN transactions ON transactions.id = listed.value ->> 0)
            WHERE refunded = 1 OR unissued = 1
            """, [.text(account), listed], table: "transactions", key: "id") { (row) throws(SQLiteColumnError) in
            (try Self.id(row, "id"), try row.bool("refunded"), try row.bool("unissued"))
        }
        var refunded: Set<TransactionID> = []
        for (id, isRefunded, _) in rows where isRefunded { refunded.insert(id) }
        return (rows.filter { $0.2 }.count, refunded)
    }
}
