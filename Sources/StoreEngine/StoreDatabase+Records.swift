import Foundation
import IAPCore
import Storage

extension StoreDatabase {
    /// The transactions that meet `condition`, oldest first; `withReceipts: false` leaves each
    /// receipt out (nil), so that reading many rows does not read every receipt they were handed.
    func records(where condition: String = "1", _ values: [SQLiteValue] = [],
                 withReceipts: Bool = true) throws(StorageError) -> [StoreRecord] {
        try database.rows(Self.recordsQuery(where: condition, withReceipts: withReceipts), values,
                          table: "transactions", key: "id", Self.record)
    }

    /// The query of `records(where:withReceipts:)`: the columns of `RecordColumn.selected`.
    static func recordsQuery(where condition: String, withReceipts: Bool) -> String {
        let columns = RecordColumn.selected.map { column in
            column.name == RecordColumn.receipt.name && !withReceipts ? "NULL AS receipt" : column.name
        }
        return """
            SELECT \(columns.joined(separator: ", "))
            FROM transactions \(withReceipts ? "LEFT JOIN receipts ON receipts.transaction_id = transactions.id" : "")
            WHERE \(condition) ORDER BY id
            """
    }

    /// The columns of a transaction's row as `recordsQuery` selects them, each at its place: a
    /// recovery reads a thousand rows of sixteen columns, each found without looking for it.
    private enum RecordColumn {
        static let id = SQLiteColumn("id", at: 0)
        static let originalId = SQLiteColumn("original_id", at: 1)
        static let productId = SQLiteColumn("product_id", at: 2)
        static let account = SQLiteColumn("account", at: 3)
        static let state = SQLiteColumn("state", at: 4)
        static let kind = SQLiteColumn("kind", at: 5)
        static let charged = SQLiteColumn("charged", at: 6)
        static let finished = SQLiteColumn("finished", at: 7)
        static let refunded = SQLiteColumn("refunded", at: 8)
        static let dateMillis = SQLiteColumn("date_millis", at: 9)
        static let error = SQLiteColumn("error", at: 10)
        static let receipt = SQLiteColumn("receipt", at: 11)
        static let refundedMillis = SQLiteColumn("refunded_millis", at: 12)
        static let signedTransaction = SQLiteColumn("signed_transaction", at: 13)
        static let refundReason = SQLiteColumn("refund_reason", at: 14)
        static let sharedFrom = SQLiteColumn("shared_from", at: 15)

        /// Every column, in the order of their places.
        static let selected = [id, originalId, productId, account, state, kind, charged, finished, refunded, dateMillis,
                               error, receipt, refundedMillis, signedTransaction, refundReason, sharedFrom]
    }

    private static func record(_ row: SQLiteRow) throws(SQLiteColumnError) -> StoreRecord {
        StoreRecord(
            id: TransactionID(try row.integer(RecordColumn.id)),
            originalId: TransactionID(try row.integer(RecordColumn.originalId)),
            productId: try row.text(RecordColumn.productId), account: try row.text(RecordColumn.account),
            state: try row.choice(RecordColumn.state, as: TransactionState.self),
            kind: try row.choice(RecordColumn.kind, as: StoreRecord.Kind.self),
            charged: try row.bool(RecordColumn.charged), finished: try row.bool(RecordColumn.finished),
            refunded: try row.bool(RecordColumn.refunded),
            date: SimulatedTime.date(millis: try row.integer(RecordColumn.dateMillis)),
            error: try row.optionalChoice(RecordColumn.error, as: PurchaseError.self),
            receipt: try row.optionalText(RecordColumn.receipt),
            refundDate: try row.optionalInteger(RecordColumn.refundedMillis).map(SimulatedTime.date(millis:)),
            signedTransaction: try row.optionalText(RecordColumn.signedTransaction),
            refundReason: try reason(row, RecordColumn.refundReason),
            sharedFrom: try row.optionalInteger(RecordColumn.sharedFrom).map { TransactionID($0) })
    }

    private static func reason(_ row: SQLiteRow, _ column: SQLiteColumn) throws(SQLiteColumnError) -> RevocationReason? {
        guard let value = try row.optionalInteger(column) else { return nil }
        guard let reason = Int(exactly: value).flatMap(RevocationReason.init(rawValue:)) else {
            throw .unknownValue(column: column.name, value: String(value))
        }
        return reason
    }
}
