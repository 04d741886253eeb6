/// What a row of a query result is read through, column by column: `value(_:)` finds the column
/// and gives its value; the typed readers here turn it into an integer, text, flag or choice,
/// with a typed error for a value that is missing or of the wrong type. Inlinable, so that a
/// reader in another module is specialized for the row it reads.
public protocol SQLiteColumnReading {
    /// The value of the column, whatever its type; a column the query does not return is an error.
    func value(_ column: SQLiteColumn) throws(SQLiteColumnError) -> SQLiteValue
}

extension SQLiteColumnReading {
    /// The column as an integer; NULL or text is an error.
    @inlinable
    public func integer(_ column: SQLiteColumn) throws(SQLiteColumnError) -> Int64 {
        guard let number = try optionalInteger(column) else { throw .null(column: column.name) }
        return number
    }

    /// The column as an integer, or nil when NULL; text is an error.
    @inlinable
    public func optionalInteger(_ column: SQLiteColumn) throws(SQLiteColumnError) -> Int64? {
        switch try value(column) {
        case .integer(let number): return number
        case .null: return nil
        case let other: throw .wrongType(column: column.name, expected: "an integer", found: other)
        }
    }

    /// The column as text; NULL or an integer is an error.
    @inlinable
    public func text(_ column: SQLiteColumn) throws(SQLiteColumnError) -> String {
        guard let text = try optionalText(column) else { throw .null(column: column.name) }
        return text
    }

    /// The column as text, or nil when NULL; an integer is an error.
    @inlinable
    public func optionalText(_ column: SQLiteColumn) throws(SQLiteColumnError) -> String? {
        switch try value(column) {
        case .text(let text): return text
        case .null: return nil
        case let other: throw .wrongType(column: column.name, expected: "text", found: other)
        }
    }

    /// The column as a flag stored as 0 or 1; anything else is an error.
    @inlinable
    public func bool(_ column: SQLiteColumn) throws(SQLiteColumnError) -> Bool {
        switch try integer(column) {
        case 0: return false
        case 1: return true
        default: throw .wrongType(column: column.name, expected: "0 or 1", found: try value(column))
        }
    }

    /// The column's text as one of an enumeration's raw values; other text is an error.
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
