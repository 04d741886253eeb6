import Foundation
import TestSupport
import Testing
import Storage

@Suite("Schema versions")
final class SQLiteSchemaTests {
    private let folder: TemporaryFolder
    private var directory: String { folder.path }
    private var path: String { directory + "/test.sqlite" }

    private static let items = "CREATE TABLE IF NOT EXISTS items(id INTEGER PRIMARY KEY, name TEXT NOT NULL);"
    private static let addNote = "ALTER TABLE items ADD COLUMN note TEXT;"
    private static let version1 = SQLiteSchema(steps: [items])
    private static let version2 = SQLiteSchema(steps: [items, addNote])

    init() throws {
        folder = try TemporaryFolder()
    }

    private func version(_ path: String) throws -> Int64 {
        try #require(try SQLiteDatabase(path: path, readOnly: true).query("PRAGMA user_version").first).integer("user_version")
    }

    private func names(_ database: SQLiteDatabase) throws -> [String] {
        try database.query("SELECT name FROM items ORDER BY id").map { try $0.text("name") }
    }

    /// The bytes of the file and its `-wal` and `-shm` (nil for one that does not exist).
    private func bytes(_ path: String) -> [Data?] {
        ["", "-wal", "-shm"].map { FileManager.default.contents(atPath: path + $0) }
    }

    @Test func aFileItsCreatorNeverInitializedReadsAsEmptyTablesAndStaysUntouched() throws {
        #expect(FileManager.default.createFile(atPath: path, contents: Data()))
        let reader = try SQLiteDatabase(path: path, readOnly: true, schema: Self.version2)
        #expect(try names(reader).isEmpty, "a process killed before its first commit left no table: nothing to read")
        #expect(bytes(path) == [Data(), nil, nil])
    }

    /// A new file's pages are copied whole from the database the steps built once in the
    /// process; every new file after the first gets the same copy.
    @Test func aNewFileGetsTheTablesAndTheNewestVersion() throws {
        for name in ["first.sqlite", "second.sqlite"] {
            let path = directory + "/" + name
            let database = try SQLiteDatabase(path: path, schema: Self.version2)
            try database.query("INSERT INTO items(id, name, note) VALUES(1, 'a', 'n')")
            #expect(try database.query("PRAGMA journal_mode").first?.text("journal_mode") == "wal")
            #expect(try version(path) == 2)
        }
    }

    @Test func aFileWrittenBeforeVersionsWereRecordedIsStampedAndKeepsItsRows() throws {
        do {
            let old = try SQLiteDatabase(path: path)
            try old.execute(Self.items)
            try old.query("INSERT INTO items(id, name) VALUES(1, 'kept')")
        }
        #expect(try version(path) == 0)
        let database = try SQLiteDatabase(path: path, schema: Self.version1)
        #expect(try names(database) == ["kept"])
        #expect(try version(path) == 1)
    }

    @Test func anOlderVersionMigratesForwardAndKeepsItsRows() throws {
        do {
            let old = try SQLiteDatabase(path: path, schema: Self.version1)
            try old.query("INSERT INTO items(id, name) VALUES(1, 'kept')")
        }
        let database = try SQLiteDatabase(path: path, schema: Self.version2)
        try database.query("UPDATE items SET note = 'new column'")
        #expect(try names(database) == ["kept"])
        #expect(try version(path) == 2)
    }

    @Test func aFailingStepLeavesTheFileAtItsOldVersionWithNothingHalfDone() throws {
        _ = try SQLiteDatabase(path: path, schema: Self.version1)
        let broken = SQLiteSchema(steps: [Self.items, Self.addNote + "INSERT INTO nowhere VALUES(1);"])
        #expect(throws: StorageError.self) { try SQLiteDatabase(path: self.path, schema: broken) }
        #expect(try version(path) == 1)
        let reopened = try SQLiteDatabase(path: path, schema: Self.version1)
        #expect(throws: StorageError.self) { try reopened.query("SELECT note FROM items") }
    }

    /// What a refused file holds, and the reason it is refused.
    enum Refusal: String, CaseIterable {
        case newerVersion, unknownTable, missingColumn, notADatabase
    }

    /// A file with a `-wal` and `-shm` left by a writer that died, carrying `refusal`.
    private func crashedFile(_ refusal: Refusal) throws -> String {
        let crashed = directory + "/crashed.sqlite"
        let writer = try SQLiteDatabase(path: path, schema: Self.version2)
        try writer.query("INSERT INTO items(id, name) VALUES(1, 'in the log')")
        switch refusal {
        case .newerVersion: try writer.execute("PRAGMA user_version = 9")
        case .unknownTable: try writer.execute("CREATE TABLE strangers(x)")
        case .missingColumn: try writer.execute("ALTER TABLE items DROP COLUMN note")
        case .notADatabase: break
        }
        for suffix in ["", "-wal", "-shm"] {
            try FileManager.default.copyItem(atPath: path + suffix, toPath: crashed + suffix)
        }
        if refusal == .notADatabase {
            for suffix in ["", "-wal"] {
                let handle = try #require(FileHandle(forWritingAtPath: crashed + suffix))
                try handle.write(contentsOf: Data(repeating: 0x5A, count: 100))
                try handle.close()
            }
        }
        return crashed
    }

    @Test(arguments: Refusal.allCases)
    func aRefusedFileIsLeftByteForByteWithItsWalAndShm(_ refusal: Refusal) throws {
        let crashed = try crashedFile(refusal)
        let before = bytes(crashed)
        #expect(before.allSatisfy { $0 != nil }, "the writer's -wal and -shm are there")
        do {
            _ = try SQLiteDatabase(path: crashed, schema: Self.version2)
            Issue.record("a \(refusal) file should be refused")
        } catch {
            #expect(error.path == crashed)
            let expected: StorageError.Reason? = switch refusal {
            case .newerVersion: .newerVersion(found: 9, newest: 2)
            case .unknownTable: .otherSchema(table: "strangers", problem: "unknown")
            case .missingColumn: .otherSchema(table: "items", problem: "column note is missing")
            case .notADatabase: nil
            }
            if let expected { #expect(error.reason == expected) }
            #expect(error.description.hasPrefix(crashed + ": "))
            #expect(error.description.hasSuffix("left untouched"))
            #expect(!error.description.contains("\n"))
        }
        #expect(bytes(crashed) == before, "no byte of the file, its -wal or its -shm changes")
    }

    @Test func theNewerVersionErrorNamesTheFileItsVersionAndTheNewestKnown() throws {
        let crashed = try crashedFile(.newerVersion)
        #expect(throws: StorageError(path: crashed, reason: .newerVersion(found: 9, newest: 2))) {
            try SQLiteDatabase(path: crashed, schema: Self.version2)
        }
        let error = StorageError(path: crashed, reason: .newerVersion(found: 9, newest: 2))
        #expect(error.description == "\(crashed): schema version 9 is newer than this storesim knows (newest 2); left untouched")
    }

    @Test func aReaderRefusesANewerVersionToo() throws {
        let crashed = try crashedFile(.newerVersion)
        #expect(throws: StorageError(path: crashed, reason: .newerVersion(found: 9, newest: 2))) {
            try SQLiteDatabase(path: crashed, readOnly: true, schema: Self.version2)
        }
    }
}
