import Foundation
import Testing
import Storage
import TestSupport

@Suite("SQLite wrapper")
final class SQLiteDatabaseTests {
    private let folder: TemporaryFolder
    private var directory: String { folder.path }
    private var path: String { directory + "/test.sqlite" }

    init() throws {
        folder = try TemporaryFolder()
    }

    private func openWithTable() throws -> SQLiteDatabase {
        let database = try SQLiteDatabase(path: path)
        try database.execute("CREATE TABLE items(id INTEGER PRIMARY KEY, name TEXT UNIQUE, note TEXT)")
        return database
    }

    private func count(_ database: SQLiteDatabase) throws -> Int64? {
        try database.query("SELECT COUNT(*) AS count FROM items").first?.integer("count")
    }

    @Test func bindAndQueryRoundTripIntegerTextAndNull() throws {
        let database = try openWithTable()
        try database.query("INSERT INTO items(id, name, note) VALUES(?, ?, ?)",
                           [.integer(Int64.max), .text("it's 金币 \"quoted\""), .null])
        let rows = try database.query("SELECT id, name, note FROM items WHERE name = ?",
                                      [.text("it's 金币 \"quoted\"")])
        #expect(rows.count == 1)
        let row = try #require(rows.first)
        #expect(row.values == [.integer(Int64.max), .text("it's 金币 \"quoted\""), .null])
        #expect(try row.integer("id") == Int64.max)
        #expect(try row.text("name") == "it's 金币 \"quoted\"")
        #expect(try row.optionalText("note") == nil)
        #expect(try row.optionalInteger("note") == nil)
    }

    /// Text is bound with its byte count and read back by it: a NUL inside it neither cuts what
    /// is stored nor what is read, and a lookup by the whole text finds it.
    @Test func textHoldingANulRoundTripsWhole() throws {
        let database = try openWithTable()
        let text = "before\u{0}after"
        try database.query("INSERT INTO items(id, name) VALUES(1, ?)", [.text(text)])
        #expect(try database.query("SELECT length(CAST(name AS BLOB)) AS bytes FROM items").first?.integer("bytes") == 12)
        #expect(try database.query("SELECT name FROM items WHERE name = ?", [.text(text)]).first?.text("name") == text)
        #expect(try database.query("SELECT name FROM items WHERE name = ?", [.text("before")]).isEmpty)
    }

    @Test func optionalTextBindsNilAsNull() throws {
        let database = try openWithTable()
        try database.query("INSERT INTO items(id, name, note) VALUES(1, 'a', ?)", [.optional(nil)])
        try database.query("INSERT INTO items(id, name, note) VALUES(2, 'b', ?)", [.optional("n")])
        let notes = try database.query("SELECT note FROM items ORDER BY id").map(\.values)
        #expect(notes == [[.null], [.text("n")]])
    }

    @Test func queryWithoutRowsReturnsEmpty() throws {
        let database = try openWithTable()
        #expect(try database.query("SELECT * FROM items").isEmpty)
    }

    @Test func committedRowsSurviveReopening() throws {
        do {
            let database = try openWithTable()
            try database.transaction { () throws(StorageError) -> Void in
                try database.query("INSERT INTO items(id, name) VALUES(1, 'kept')")
            }
        }
        let reopened = try SQLiteDatabase(path: path, readOnly: true)
        #expect(try reopened.query("SELECT name FROM items").map { try $0.text("name") } == ["kept"])
    }

    @Test func transactionReturnsTheBodysResult() throws {
        let database = try openWithTable()
        let result = try database.transaction { () throws(StorageError) -> Int in
            try database.query("INSERT INTO items(id, name) VALUES(1, 'a')")
            return 7
        }
        #expect(result == 7)
        #expect(try count(database) == 1)
    }

    @Test func transactionRollsBackWhenTheBodyThrows() throws {
        let database = try openWithTable()
        try database.query("INSERT INTO items(id, name) VALUES(1, 'before')")
        let failure = StorageError(path: "body", problem: "gave up half way")
        do {
            try database.transaction { () throws(StorageError) -> Void in
                try database.query("INSERT INTO items(id, name) VALUES(2, 'inside')")
                try database.query("UPDATE items SET name = 'changed' WHERE id = 1")
                throw failure
            }
            Issue.record("the transaction should rethrow")
        } catch {
            #expect(error == failure)
        }
        #expect(try database.query("SELECT id, name FROM items").map(\.values) == [[.integer(1), .text("before")]])
        // The connection is usable again: no transaction is left open.
        try database.transaction { () throws(StorageError) -> Void in
            try database.query("INSERT INTO items(id, name) VALUES(3, 'after')")
        }
        #expect(try count(database) == 2)
    }

    @Test func insertUnlessConflictingReportsAUniqueViolationAsFalse() throws {
        let database = try openWithTable()
        let sql = "INSERT INTO items(id, name) VALUES(?, ?)"
        #expect(try database.insertUnlessConflicting(sql, [.integer(1), .text("coins")]))
        #expect(try !database.insertUnlessConflicting(sql, [.integer(2), .text("coins")]))
        #expect(try !database.insertUnlessConflicting(sql, [.integer(1), .text("other")]))
        #expect(try count(database) == 1)
    }

    @Test func insertUnlessConflictingStillThrowsOtherErrors() throws {
        let database = try openWithTable()
        #expect(throws: StorageError.self) {
            _ = try database.insertUnlessConflicting("INSERT INTO nowhere(x) VALUES(?)", [.integer(1)])
        }
    }

    @Test func badSQLThrowsAnErrorNamingTheFile() throws {
        let database = try openWithTable()
        do {
            try database.execute("CREATE TABLEX oops")
            Issue.record("bad SQL should fail")
        } catch {
            #expect(error.path == path)
            #expect(error.problem.contains("syntax error"))
        }
        do {
            try database.query("SELECT missing_column FROM items")
            Issue.record("bad SQL should fail")
        } catch {
            #expect(error.path == path)
            #expect(error.problem.contains("missing_column"))
        }
    }

    @Test func readOnlyOpenOfAMissingFileFailsNamingThePathAndCreatesNothing() throws {
        let missing = directory + "/missing.sqlite"
        do {
            _ = try SQLiteDatabase(path: missing, readOnly: true)
            Issue.record("opening a missing database read-only should fail")
        } catch {
            #expect(error.path == missing)
            #expect(error.description.hasPrefix(missing + ": "))
        }
        #expect(!FileManager.default.fileExists(atPath: missing))
    }

    @Test func readOnlyConnectionRefusesWrites() throws {
        _ = try openWithTable()
        let reader = try SQLiteDatabase(path: path, readOnly: true)
        #expect(throws: StorageError.self) {
            try reader.query("INSERT INTO items(id, name) VALUES(1, 'x')")
        }
    }

    @Test(arguments: [false, true])
    func garbageFileIsReportedDamagedAndLeftUntouched(readOnly: Bool) throws {
        let garbage = Array(String(repeating: "this is not a database, just text\n", count: 200).utf8)
        try Data(garbage).write(to: URL(fileURLWithPath: path))
        do {
            _ = try SQLiteDatabase(path: path, readOnly: readOnly)
            Issue.record("a garbage file should not open as a database")
        } catch {
            #expect(error.path == path)
            #expect(error.problem.contains("damaged database"))
        }
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == Data(garbage))
        #expect(!FileManager.default.fileExists(atPath: path + "-wal"))
    }
}
