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

    /// The query of `records(where:withReceipts:)`: the columns of `RecordColumn.names`.
    static func recordsQuery(where condition: String, withReceipts: Bool) -> String {
        let columns = RecordColumn.names.map { name in
            name == RecordColumn.receipt.name && !withReceipts ? "NULL AS receipt" : name
        }
        return """
            SELECT \(columns.joined(separator: ", "))
            FROM transactions \(withReceipts ? "LEFT JOIN receipts ON receipts.transaction_id = transactions.id" : "")
            WHERE \(condition) ORDER BY id
            """
    }

    /// The columns of a transaction's row as `recordsQuery` selects them, each at its place in
    /// `names`: a recovery reads a thousand rows of sixteen columns, each found without looking for it.
    private enum RecordColumn {
        /// Every column, in the order the query selects them.
        static let names = ["id", "original_id", "product_id", "account", "state", "kind", "charged", "finished", "refunded",
                            "date_millis", "error", "receipt", "refunded_millis", "signed_transaction", "refund_reason",
                            "shared_from"]
        static let id = column("id"), originalId = column("original_id"), productId = column("product_id")
        static let account = column("account"), state = column("state"), kind = column("kind")
        static let charged = column("charged"), finished = column("finished"), refunded = column("refunded")
        static let dateMillis = column("date_millis"), error = column("error"), receipt = column("receipt")
        static let refundedMillis = column("refunded_millis"), signedTransaction = column("signed_transaction")
        static let refundReason = column("refund_reason"), sharedFrom = column("shared_from")

        /// The column of this name, at its place in `names`.
        private static func column(_ name: String) -> SQLiteColumn {
            SQLiteColumn(name, at: names.firstIndex(of: name))
        }
    }

    private static func record(_ row: SQLiteStatementRow) throws(SQLiteColumnError) -> StoreRecord {
        StoreRecord(
            id: try id(row, RecordColumn.id), originalId: try id(row, RecordColumn.originalId),
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

    private static func reason(_ row: SQLiteStatementRow, _ column: SQLiteColumn) throws(SQLiteColumnError) -> RevocationReason? {
        guard let value = try row.optionalInteger(column) else { return nil }
        guard let reason = Int(exactly: value).flatMap(RevocationReason.init(rawValue:)) else {
            throw .unknownValue(column: column.name, value: String(value))
        }
        return reason
    }
}
