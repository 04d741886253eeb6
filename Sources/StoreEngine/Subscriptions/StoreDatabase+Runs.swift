import IAPCore
import Storage

/// A subscription's runs: a purchase and its renewals, until a purchase continues the
/// subscription under its original id (an upgrade, a crossgrade of the same period, a
/// resubscription in the group). Each run begins with a charged purchase, or a free trial, of
/// the subscription's original id; one never continued has one run, begun by its original id.
extension StoreDatabase {
    /// Where the run that was going on at transaction `id` of the subscription `originalId` began.
    func runStart(of originalId: TransactionID, at id: TransactionID) throws(StorageError) -> TransactionID {
        try runBound("MAX", of: originalId, where: "id <= ?", id) ?? originalId
    }

    /// Where the run after the one going on at transaction `id` of the subscription `originalId`
    /// began; nil while that one is the subscription's current run.
    func nextRunStart(of originalId: TransactionID, after id: TransactionID) throws(StorageError) -> TransactionID? {
        try runBound("MIN", of: originalId, where: "id > ?", id)
    }

    private func runBound(_ aggregate: String, of originalId: TransactionID, where bound: String,
                          _ id: TransactionID) throws(StorageError) -> TransactionID? {
        try database.rows("""
            SELECT \(aggregate)(id) AS bound FROM transactions
            WHERE original_id = ? AND \(bound) AND charged = 1 AND kind IN ('purchase', 'trial')
            """, [Self.idValue(originalId), Self.idValue(id)], table: "transactions", key: "bound") {
            (row) throws(SQLiteColumnError) in try row.optionalInteger("bound")
        }.first.flatMap { $0 }.map { TransactionID($0) }
    }
}
