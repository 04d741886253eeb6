import Foundation
import Glibc
import Testing
@testable import Storage
import TestSupport

/// A writer that closes its database cleanly leaves a seal beside it; the next open checks a
/// sealed file without reading every page, and any change made to the file since (or a crash,
/// which leaves a `-wal`) brings the whole check back.
@Suite("The integrity check's seal")
final class SQLiteCheckSealTests {
    private let folder: TemporaryFolder
    private var path: String { folder.path + "/test.sqlite" }

    init() throws {
        folder = try TemporaryFolder()
    }

    /// A database of a few hundred kilobytes, written and closed cleanly.
    private func closedDatabase() throws {
        let database = try SQLiteDatabase(path: path)
        try database.execute("CREATE TABLE items(id INTEGER PRIMARY KEY, note TEXT NOT NULL)")
        try database.transaction { () throws(StorageError) in
            for id in 0..<2000 {
                try database.query("INSERT INTO items(id, note) VALUES(?, ?)", [.integer(Int64(id)), .text(String(repeating: "n", count: 200))])
            }
        }
    }

    /// Damages the bytes of a page far past the seal's checksummed start, keeping the file's size.
    private func damageADeepPage() throws {
        let handle = try #require(FileHandle(forUpdatingAtPath: path))
        defer { try? handle.close() }
        try handle.seek(toOffset: UInt64(SQLiteCheckSeal.headBytes + 8 * 4096))
        try handle.write(contentsOf: Data(repeating: 0x5A, count: 4096))
    }

    @Test func aCleanCloseLeavesASealThatMatchesTheFile() throws {
        try closedDatabase()
        #expect(!FileManager.default.fileExists(atPath: path + "-wal"))
        let seal = try String(contentsOfFile: path + "-checked", encoding: .utf8)
        #expect(seal.hasPrefix("storesim-checked v1 "))
        #expect(SQLiteCheckSeal.holds(path))
    }

    @Test(arguments: [false, true])
    func aFileDamagedAfterItsSealIsCheckedWholeAndRefused(readOnly: Bool) throws {
        try closedDatabase()
        try damageADeepPage()
        let damaged = try Data(contentsOf: URL(fileURLWithPath: path))
        #expect(!SQLiteCheckSeal.holds(path), "writing the file moved its times")
        do {
            _ = try SQLiteDatabase(path: path, readOnly: readOnly)
            Issue.record("a file damaged after its seal was written should be refused when opened")
        } catch {
            #expect(error.problem.contains("damaged database"))
        }
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == damaged, "left byte for byte")
        #expect(!FileManager.default.fileExists(atPath: path + "-wal"))
    }

    @Test func aSealThatVouchesForTheFileSparesReadingEveryPage() throws {
        try closedDatabase()
        try damageADeepPage()
        SQLiteCheckSeal.record(path)
        #expect(SQLiteCheckSeal.holds(path))
        let database = try SQLiteDatabase(path: path, readOnly: true)
        #expect(throws: StorageError.self, "the damage is found only where a query reads it") {
            try database.query("SELECT SUM(LENGTH(note)) AS length FROM items")
        }
    }

    @Test func anUnsealedFileCheckedOnceIsRememberedInTheStateItWasCheckedIn() throws {
        try closedDatabase()
        try FileManager.default.removeItem(atPath: path + "-checked")
        let state = try #require(SQLiteCheckMemory.state(of: path))
        #expect(!SQLiteCheckMemory.holds(state), "never checked by this process yet")
        _ = try SQLiteDatabase(path: path, readOnly: true)
        #expect(SQLiteCheckMemory.holds(state), "a read-only open checked it whole: the writable open that follows need not")
        _ = try SQLiteDatabase(path: path)
    }

    @Test func aFileChangedSinceThisProcessCheckedItIsCheckedAgainAndRefused() throws {
        try closedDatabase()
        try FileManager.default.removeItem(atPath: path + "-checked")
        _ = try SQLiteDatabase(path: path, readOnly: true)
        try damageADeepPage()
        #expect(throws: StorageError.self, "the damage is found by a whole check") {
            _ = try SQLiteDatabase(path: path, readOnly: true)
        }
    }

    @Test func aSealIsNotTrustedBesideAWriteAheadLog() throws {
        try closedDatabase()
        #expect(SQLiteCheckSeal.holds(path))
        let writer = try SQLiteDatabase(path: path)
        try writer.query("INSERT INTO items(id, note) VALUES(5000, 'x')")
        #expect(!SQLiteCheckSeal.holds(path), "a live or crashed writer's -wal may hold what the seal never saw")
    }

    @Test func aTornOrForeignSealIsIgnored() throws {
        try closedDatabase()
        for text in ["", "storesim-checked v1 1 2", "hello\n", "storesim-checked v2 0 0 0 0 0 0 0 0\n"] {
            try text.write(toFile: path + "-checked", atomically: false, encoding: .utf8)
            #expect(!SQLiteCheckSeal.holds(path))
            #expect(throws: Never.self) { _ = try SQLiteDatabase(path: path, readOnly: true) }
        }
    }

    @Test func aSealThatIsNotARegularFileIsRefusedInOneLine() throws {
        try closedDatabase()
        try FileManager.default.removeItem(atPath: path + "-checked")
        try FileManager.default.createSymbolicLink(atPath: path + "-checked", withDestinationPath: folder.path + "/elsewhere")
        do {
            _ = try SQLiteDatabase(path: path)
            Issue.record("a symbolic link beside the database should be refused")
        } catch {
            #expect(error.problem == "its -checked is a symbolic link, not a regular file; left untouched")
        }
        #expect(!FileManager.default.fileExists(atPath: folder.path + "/elsewhere"))
    }
}
