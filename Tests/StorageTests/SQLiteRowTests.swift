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

    @Test func aReaderFindsColumnsStraightFromTheStatementWhereverTheQueryPutsThem() throws {
        try database.query("INSERT INTO paints VALUES(1, 'green', 2, 1)")
        try database.query("INSERT INTO paints VALUES(2, NULL, 3, 0)")
        let read = try database.rows("SELECT glossy, coats, colour, id FROM paints ORDER BY id", table: "paints", key: "id") {
            (row) throws(SQLiteColumnError) in
            // A place that names another column is passed over; the name is what counts.
            (try row.optionalText(SQLiteColumn("colour", at: 0)), try row.integer(SQLiteColumn("coats", at: 1)),
             try row.bool("glossy"), try row.value("id"))
        }
        #expect(read.map(\.0) == ["green", nil])
        #expect(read.map(\.1) == [2, 3])
        #expect(read.map(\.2) == [true, false])
        #expect(read.map(\.3) == [.integer(1), .integer(2)])
        #expect(throws: StorageError(path: database.path, reason: .unreadableRow(table: "paints", row: "id 1", column: .missing(column: "shade")))) {
            try self.database.rows("SELECT id, colour FROM paints ORDER BY id", table: "paints", key: "id") {
                (row) throws(SQLiteColumnError) in try row.text("shade")
            }
        }
    }

    @Test func textHoldingANulCharacterIsReadWholeFromTheStatement() throws {
        let text = "be\u{0}fore"
        try database.query("INSERT INTO paints VALUES(1, ?, 1, 0)", [.text(text)])
        let read = try database.rows("SELECT id, colour FROM paints", table: "paints", key: "id") {
            (row) throws(SQLiteColumnError) in try row.text("colour")
        }
        #expect(read == [text])
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
