/// A value bound to, or read from, an SQLite statement.
public enum SQLiteValue: Equatable, Sendable {
    case integer(Int64)
    case text(String)
    case null

    /// An optional string as text, or NULL.
    public static func optional(_ text: String?) -> SQLiteValue {
        text.map(SQLiteValue.text) ?? .null
    }
}

/// One row of a query result, read by column index.
public struct SQLiteRow: Sendable {
    public let values: [SQLiteValue]

    /// The column as text; integers are printed; NULL is nil.
    public func text(_ column: Int) -> String? {
        guard column < values.count else { return nil }
        switch values[column] {
        case .text(let text): return text
        case .integer(let number): return String(number)
        case .null: return nil
        }
    }

    /// The column as an integer; text that is not a number and NULL are nil.
    public func integer(_ column: Int) -> Int64? {
        guard column < values.count else { return nil }
        switch values[column] {
        case .integer(let number): return number
        case .text(let text): return Int64(text)
        case .null: return nil
        }
    }

    /// The column as a string, or "" when NULL.
    public func string(_ column: Int) -> String {
        text(column) ?? ""
    }

    /// The column as an Int, or 0 when NULL.
    public func int(_ column: Int) -> Int {
        Int(integer(column) ?? 0)
    }
}
