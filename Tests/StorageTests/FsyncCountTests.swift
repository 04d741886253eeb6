import Foundation
import Storage
import Testing
import TestSupport

/// The count of fsyncs and fdatasyncs, by the file each made durable, for every durable write
/// StoreSim makes. The count is the process's, and other suites write beside these tests, so
/// each reads only the paths of its own folder.
@Suite struct FsyncCountTests {
    let folder: TemporaryFolder

    init() throws {
        folder = try TemporaryFolder()
    }

    @Test func aWholeFileWriteSyncsTheFileThenItsFolder() throws {
        let path = folder.file("state.txt")
        #expect(try folder.fsyncs { try DurableFile.write(Array("one".utf8), to: path) } == ["state.txt": 1, "": 1])
        #expect(try folder.fsyncs { try DurableFile.write(Array("two".utf8), to: path) } == ["state.txt": 1, "": 1])
    }

    @Test func anAppendSyncsTheFileOnceAndANewFileItsFolderOnce() throws {
        let path = folder.file("log.txt")
        var file: AppendOnlyFile?
        #expect(try folder.fsyncs { file = try AppendOnlyFile(path: path) } == ["": 1])
        #expect(try folder.fsyncs { try file?.append(Array("a\n".utf8)) } == ["log.txt": 1])
        #expect(try folder.fsyncs {
            try file?.append(Array("b\n".utf8), syncNow: false)
            try file?.append(Array("c\n".utf8), syncNow: false)
            try file?.sync()
        } == ["log.txt": 1], "appends that wait share one fsync")
        #expect(try folder.fsyncs { try file?.sync() } == [:], "nothing written, nothing synced")
    }

    /// SQLite's own syncs, through its unix VFS: "Writers sync the WAL on every transaction commit
    /// if PRAGMA synchronous is set to FULL" (sqlite.org/wal.html); "the WAL file is synchronized
    /// before each checkpoint and the database file is synchronized after each completed
    /// checkpoint" (sqlite.org/pragma.html#pragma_synchronous).
    @Test func aSQLiteCommitSyncsItsLogOnceAndClosingCheckpointsBoth() throws {
        #expect(FsyncCount.countsSQLite)
        let path = folder.file("data.sqlite")
        var database: SQLiteDatabase? = try SQLiteDatabase(path: path)
        let created = try folder.fsyncs { try database?.execute("CREATE TABLE items (name TEXT)") }
        #expect(created == ["data.sqlite-wal": 2, "": 1], "a new log: its header synced, then the commit; its folder, once")
        for name in ["a", "b", "c"] {
            #expect(try folder.fsyncs { try database?.execute("INSERT INTO items VALUES ('\(name)')") } == ["data.sqlite-wal": 1])
        }
        #expect(folder.fsyncs { database = nil } == ["data.sqlite-wal": 1, "data.sqlite": 1],
                "closing copies the log into the database: the log synced first, then the database")
    }
}
