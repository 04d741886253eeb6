/// One row of a query result, kept after the query ended (`SQLiteDatabase.query`), read by column
/// (its name, and its place when known) through `SQLiteColumnReading`.
public struct SQLiteRow: SQLiteColumnReading, Sendable {
    public let columns: [String]
    public let values: [SQLiteValue]

    public init(columns: [String], values: [SQLiteValue]) {
        self.columns = columns
        self.values = values
    }

    /// The value of the column, whatever its type, found as `SQLiteColumn.place(in:)` finds it.
    public func value(_ column: SQLiteColumn) throws(SQLiteColumnError) -> SQLiteValue {
        guard let index = column.place(in: columns), index < values.count else { throw .missing(column: column.name) }
        return values[index]
    }
}

/// Why a column of a row cannot be read.
public enum SQLiteColumnError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The query returned no column of this name.
    case missing(column: String)
    /// The column is NULL where a value is required.
    case null(column: String)
    /// The column holds a value of another type than the one required.
    case wrongType(column: String, expected: String, found: SQLiteValue)
    /// The column's text is none of the values it may take.
    case unknownValue(column: String, value: String)

    public var description: String {
        switch self {
        case .missing(let column): return "column \(column) is missing"
        case .null(let column): return "column \(column) is NULL"
        case .wrongType(let column, let expected, let found): return "column \(column) holds \(found), not \(expected)"
        case .unknownValue(let column, let value): return "column \(column) holds \(SQLiteValue.text(value)), not a value it may take"
        }
    }
}
