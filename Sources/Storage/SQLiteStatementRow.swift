import CSQLite

/// The row a query's statement stands on, read column by column straight from the statement,
/// without copying the row first: what `SQLiteDatabase.rows` hands its reader. It is valid only
/// inside that reader, until the statement steps on.
public struct SQLiteStatementRow: SQLiteColumnReading {
    let statement: OpaquePointer
    /// The names of the result's columns, in the order the query selects them.
    let columns: [String]

    /// The value of the column, found as `SQLiteColumn.place(in:)` finds it.
    public func value(_ column: SQLiteColumn) throws(SQLiteColumnError) -> SQLiteValue {
        guard let index = column.place(in: columns) else { throw .missing(column: column.name) }
        return Self.value(of: statement, at: Int32(index))
    }

    /// The value in column `index` of the row `statement` stands on. Text is read by its byte
    /// count, not up to a NUL: text is bound with its count, so one holding U+0000 comes back whole.
    static func value(of statement: OpaquePointer, at index: Int32) -> SQLiteValue {
        switch sqlite3_column_type(statement, index) {
        case SQLITE_INTEGER:
            return .integer(sqlite3_column_int64(statement, index))
        case SQLITE_NULL:
            return .null
        default:
            let text = sqlite3_column_text(statement, index).map { start in
                String(decoding: UnsafeBufferPointer(start: start, count: Int(sqlite3_column_bytes(statement, index))), as: UTF8.self)
            } ?? ""
            return .text(text)
        }
    }
}
