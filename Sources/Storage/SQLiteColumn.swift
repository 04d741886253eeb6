/// A column of a query's result as a row reads it: by its name, and, when the query is known,
/// by its place in the select list too, so that a row of many columns finds it without
/// looking for its name. The name is still compared; a column found elsewhere is still found.
public struct SQLiteColumn: Sendable, ExpressibleByStringLiteral {
    public let name: String
    /// Where the query selects it, counted from 0.
    public let position: Int?

    public init(_ name: String, at position: Int? = nil) {
        self.name = name
        self.position = position
    }

    public init(stringLiteral name: String) {
        self.init(name)
    }

    /// Where the column is in a result's `columns`: at its position when the name there is its
    /// name, else looked for by name. Names of another length are passed over without comparing
    /// their text.
    func place(in columns: [String]) -> Int? {
        if let position, position < columns.count, columns[position] == name { return position }
        let length = name.utf8.count
        return columns.firstIndex { $0.utf8.count == length && $0 == name }
    }
}
