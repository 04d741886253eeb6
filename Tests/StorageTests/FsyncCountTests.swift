import Storage
import Testing
import TestSupport

/// The count of fsyncs and fdatasyncs, by the file each made durable, for every durable write
/// StoreSim makes. Other suites write beside these tests, so each counts only in its own folder.
@Suite struct FsyncCountTests {
    let folder: TemporaryFolder

    init() throws {
        folder = try TemporaryFolder()
    }

    /// The syncs `body` made in the folder, by path relative to it.
    private func synced(_ body: () throws -> Void) rethrows -> [String: Int] {
        try FsyncCount.counting(under: folder.path, body)
    }

    @Test func aWholeFileWriteSyncsTheFileThenItsFolder() throws {
        let path = folder.file("state.txt")
        #expect(try synced { try DurableFile.write(Array("one".utf8), to: path) } == ["state.txt": 1, "": 1])
        #expect(try synced { try DurableFile.write(Array("two".utf8), to: path) } == ["state.txt": 1, "": 1])
    }

    @Test func anAppendSyncsTheFileOnceAndANewFileItsFolderOnce() throws {
        let path = folder.file("log.txt")
        var file: AppendOnlyFile?
        #expect(try synced { file = try AppendOnlyFile(path: path) } == ["": 1])
        #expect(try synced { try file?.append(Array("a\n".utf8)) } == ["log.txt": 1])
        #expect(try synced {
            try file?.append(Array("b\n".utf8), syncNow: false)
            try file?.append(Array("c\n".utf8), syncNow: false)
            try file?.sync()
        } == ["log.txt": 1], "appends that wait share one fsync")
        #expect(try synced { try file?.sync() } == [:], "nothing written, nothing synced")
    }

    /// SQLite's own syncs, through its unix VFS: "Writers sync the WAL on every transaction commit
    /// if PRAGMA synchronous is set to FULL" (sqlite.org/wal.html); "the WAL file is synchronized
    /// before each checkpoint and the database file is synchronized after each completed
    /// checkpoint" (sqlite.org/pragma.html#pragma_synchronous).
    @Test func aSQLiteCommitSyncsItsLogOnceAndClosingCheckpointsBoth() throws {
        #expect(FsyncCount.countsSQLite)
        let path = folder.file("data.sqlite")
        var database: SQLiteDatabase? = try SQLiteDatabase(path: path)
        let created = try synced { try database?.execute("CREATE TABLE items (name TEXT)") }
        #expect(created == ["data.sqlite-wal": 2, "": 1], "a new log: its header synced, then the commit; its folder, once")
        for name in ["a", "b", "c"] {
            #expect(try synced { try database?.execute("INSERT INTO items VALUES ('\(name)')") } == ["data.sqlite-wal": 1])
        }
        #expect(synced { database = nil } == ["data.sqlite-wal": 1, "data.sqlite": 1],
                "closing copies the log into the database: the log synced first, then the database")
    }
}
