import Foundation
import TestSupport
import Testing
import Storage

@Suite("Rows read by column name")
final class SQLiteRowTests {
    private enum Colour: String { case red, green }

    private let folder: TemporaryFolder
    private var directory: String { folder.path }
    private let database: SQLiteDatabase

    init() throws {
        folder = try TemporaryFolder()
        database = try SQLiteDatabase(path: folder.file("rows.sqlite"))
        try database.execute("CREATE TABLE paints(id INTEGER PRIMARY KEY, colour TEXT, coats INTEGER, glossy INTEGER)")
    }


    private func readPaints() throws(StorageError) -> [(Colour, Int64, Bool)] {
        try database.rows("SELECT id, colour, coats, glossy FROM paints ORDER BY id", table: "paints", key: "id") {
            (row) throws(SQLiteColumnError) in
            (try row.choice("colour", as: Colour.self), try row.integer("coats"), try row.bool("glossy"))
        }
    }

    @Test func columnsAreFoundByNameInAnyOrder() throws {
        try database.query("INSERT INTO paints VALUES(1, 'green', 2, 1)")
        let row = try #require(try database.query("SELECT glossy, coats, colour FROM paints").first)
        #expect(try row.text("colour") == "green")
        #expect(try row.integer("coats") == 2)
        #expect(try row.bool("glossy"))
        #expect(throws: SQLiteColumnError.missing(column: "id")) { try row.integer("id") }
    }

    @Test(arguments: [
        ("'blue', 2, 1", SQLiteColumnError.unknownValue(column: "colour", value: "blue")),
        ("NULL, 2, 1", .null(column: "colour")),
        ("'red', 'two', 1", .wrongType(column: "coats", expected: "an integer", found: .text("two"))),
        ("'red', 2, 7", .wrongType(column: "glossy", expected: "0 or 1", found: .integer(7))),
    ])
    func anUnreadableRowIsAnErrorNamingTheFileTableAndRowNeverADefault(values: String, problem: SQLiteColumnError) throws {
        try database.query("INSERT INTO paints VALUES(1, 'red', 1, 0)")
        try database.query("INSERT INTO paints VALUES(42, \(values))")
        #expect(throws: StorageError(path: database.path, reason: .unreadableRow(table: "paints", row: "id 42", column: problem))) {
            try self.readPaints()
        }
    }

    @Test func theErrorIsOneLineEvenWhenTheValueHoldsALineBreak() {
        let error = StorageError(path: "f.sqlite", reason: .unreadableRow(
            table: "paints", row: "id 42", column: .unknownValue(column: "colour", value: "bl\nue")))
        #expect(error.description == "f.sqlite: table paints, row id 42: column colour holds 'bl\\nue', not a value it may take")
    }
}
