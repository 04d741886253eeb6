import Foundation
import Storage
import Testing
import TestSupport

/// What a connection tells of its own writes (`SQLiteDatabase.takeChanges()`): the rows of each
/// table, or that it cannot tell, after a rollback or too many rows.
@Suite final class SQLiteChangesTests {
    private let folder: TemporaryFolder
    private let database: SQLiteDatabase

    init() throws {
        folder = try TemporaryFolder()
        database = try SQLiteDatabase(path: folder.path + "/changes.sqlite")
        try database.execute("CREATE TABLE items(id INTEGER PRIMARY KEY, name TEXT); CREATE TABLE notes(key TEXT PRIMARY KEY, value TEXT)")
        try database.execute("INSERT INTO items(id, name) VALUES(1, 'a'), (2, 'b'), (3, 'c')")
    }

    @Test func theFirstTakeCannotTellAndStartsKeeping() {
        #expect(database.takeChanges() == .unknown)
        #expect(database.takeChanges() == .rows([:]), "nothing written since")
    }

    @Test func insertsUpdatesAndDeletesAreToldByTableAndRowOnce() throws {
        _ = database.takeChanges()
        try database.execute("INSERT INTO items(id, name) VALUES(7, 'g'); UPDATE items SET name = 'B' WHERE id = 2; DELETE FROM items WHERE id = 3")
        try database.execute("INSERT OR REPLACE INTO notes(key, value) VALUES('k', 'v')")
        _ = try database.query("SELECT * FROM items")
        let changes = database.takeChanges()
        #expect(changes.rows(of: "items") == [7, 2, 3])
        #expect(changes.rows(of: "notes")?.count == 1)
        #expect(changes.rows(of: "other") == [])
        #expect(changes.touches(anyBut: ["items"]))
        #expect(!changes.touches(anyBut: ["items", "notes"]))
        #expect(database.takeChanges() == .rows([:]))
    }

    @Test func aRolledBackTransactionCannotBeTold() throws {
        _ = database.takeChanges()
        #expect(throws: StorageError.self) {
            try self.database.transaction { () throws(StorageError) in
                try self.database.execute("UPDATE items SET name = 'x' WHERE id = 1")
                try self.database.execute("INSERT INTO items(id, name) VALUES(1, 'dup')")
            }
        }
        #expect(database.takeChanges() == .unknown)
        #expect(database.takeChanges() == .rows([:]), "kept anew after")
    }

    @Test func aStepRolledBackInsideABatchCannotBeTold() throws {
        _ = database.takeChanges()
        try database.beginBatch()
        try database.execute("UPDATE items SET name = 'y' WHERE id = 2")
        #expect(throws: StorageError.self) {
            try self.database.transaction { () throws(StorageError) in
                try self.database.execute("UPDATE items SET name = 'x' WHERE id = 1")
                try self.database.execute("INSERT INTO items(id, name) VALUES(1, 'dup')")
            }
        }
        try database.commitBatch()
        #expect(database.takeChanges() == .unknown)
    }

    @Test func moreRowsThanAreKeptCannotBeTold() throws {
        _ = database.takeChanges()
        try database.execute("""
            WITH RECURSIVE n(i) AS (SELECT 100 UNION ALL SELECT i + 1 FROM n WHERE i < 10100)
            INSERT INTO items(id, name) SELECT i, 'row' FROM n
            """)
        #expect(database.takeChanges() == .unknown)
    }
}
