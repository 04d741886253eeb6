/// One row of a query result, read by column (its name, and its place when known) with a typed
/// error for a value that is missing or of the wrong type.
public struct SQLiteRow: Sendable {
    public let columns: [String]
    public let values: [SQLiteValue]

    public init(columns: [String], values: [SQLiteValue]) {
        self.columns = columns
        self.values = values
    }

    /// The value of the column, whatever its type: at the column's position when the name
    /// there is its name, else looked for by name. Names of another length are passed over
    /// without comparing their text.
    public func value(_ column: SQLiteColumn) throws(SQLiteColumnError) -> SQLiteValue {
        if let position = column.position, position < columns.count, position < values.count, columns[position] == column.name {
            return values[position]
        }
        let length = column.name.utf8.count
        guard let index = columns.firstIndex(where: { $0.utf8.count == length && $0 == column.name }), index < values.count else {
            throw .missing(column: column.name)
        }
        return values[index]
    }

    /// The column as an integer; NULL or text is an error.
    public func integer(_ column: SQLiteColumn) throws(SQLiteColumnError) -> Int64 {
        guard let number = try optionalInteger(column) else { throw .null(column: column.name) }
        return number
    }

    /// The column as an integer, or nil when NULL; text is an error.
    public func optionalInteger(_ column: SQLiteColumn) throws(SQLiteColumnError) -> Int64? {
        switch try value(column) {
        case .integer(let number): return number
        case .null: return nil
        case let other: throw .wrongType(column: column.name, expected: "an integer", found: other)
        }
    }

    /// The column as text; NULL or an integer is an error.
    public func text(_ column: SQLiteColumn) throws(SQLiteColumnError) -> String {
        guard let text = try optionalText(column) else { throw .null(column: column.name) }
        return text
    }

    /// The column as text, or nil when NULL; an integer is an error.
    public func optionalText(_ column: SQLiteColumn) throws(SQLiteColumnError) -> String? {
        switch try value(column) {
        case .text(let text): return text
        case .null: return nil
        case let other: throw .wrongType(column: column.name, expected: "text", found: other)
        }
    }

    /// The column as a flag stored as 0 or 1; anything else is an error.
    public func bool(_ column: SQLiteColumn) throws(SQLiteColumnError) -> Bool {
        switch try integer(column) {
        case 0: return false
        case 1: return true
        default: throw .wrongType(column: column.name, expected: "0 or 1", found: try value(column))
        }
    }

    /// The column's text as one of an enumeration's raw values; other text is an error.
    /// Inlinable, so that a caller's enumeration is known where it is read (a record's row reads
    /// four), not looked up at run time.
    @inlinable
    public func choice<Choice: RawRepresentable>(_ column: SQLiteColumn, as type: Choice.Type) throws(SQLiteColumnError) -> Choice
    where Choice.RawValue == String {
        let text = try text(column)
        guard let choice = Choice(rawValue: text) else { throw .unknownValue(column: column.name, value: text) }
        return choice
    }

    /// Like `choice`, but NULL is nil.
    @inlinable
    public func optionalChoice<Choice: RawRepresentable>(_ column: SQLiteColumn, as type: Choice.Type) throws(SQLiteColumnError) -> Choice?
    where Choice.RawValue == String {
        guard try value(column) != .null else { return nil }
        return try choice(column, as: type)
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
