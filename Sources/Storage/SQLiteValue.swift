/// A value bound to, or read from, an SQLite statement.
public enum SQLiteValue: Equatable, Sendable, CustomStringConvertible {
    case integer(Int64)
    case text(String)
    case null

    /// An optional string as text, or NULL.
    public static func optional(_ text: String?) -> SQLiteValue {
        text.map(SQLiteValue.text) ?? .null
    }

    /// The marks of `count` values bound in a list of a statement: `?, ?, ?` for an `IN (…)`.
    public static func marks(_ count: Int) -> String {
        Array(repeating: "?", count: count).joined(separator: ", ")
    }

    /// The value as SQL would write it, on one line: `7`, `'text'` (quotes and control
    /// characters escaped), `NULL`.
    public var description: String {
        switch self {
        case .integer(let number): return String(number)
        case .text(let text): return "'\(text.unicodeScalars.map { $0.escaped(asASCII: false) }.joined())'"
        case .null: return "NULL"
        }
    }
}
