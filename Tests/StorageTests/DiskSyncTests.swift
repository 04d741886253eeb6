import Foundation
import Storage
import Testing
import TestSupport

/// Syncs skipped for a throwaway world (`DiskSync.skipping`): no fsync or fdatasync reaches the
/// kernel or the count, the bookkeeping a simulated power cut reads stays as it was, and only
/// the thread inside is affected.
@Suite struct DiskSyncTests {
    let folder: TemporaryFolder

    init() throws {
        folder = try TemporaryFolder()
    }

    /// The syncs `body` made in the folder, by path relative to it.
    private func synced(_ body: () throws -> Void) rethrows -> [String: Int] {
        try FsyncCount.counting(under: folder.path, body)
    }

    @Test func wholeFilesAppendsAndSQLiteCommitsSyncNothingInside() throws {
        let made = try synced {
            try DiskSync.skipping {
                try DurableFile.write(Array("state".utf8), to: folder.file("state.txt"))
                let log = try AppendOnlyFile(path: folder.file("log.txt"))
                try log.append(Array("a\n".utf8))
                var database: SQLiteDatabase? = try SQLiteDatabase(path: folder.file("data.sqlite"))
                try database?.execute("CREATE TABLE items (name TEXT)")
                try database?.execute("INSERT INTO items VALUES ('a')")
                database = nil
            }
        }
        #expect(made == [:])
        #expect(try DurableFile.read(folder.file("state.txt")) == Array("state".utf8))
        let database = try SQLiteDatabase(path: folder.file("data.sqlite"))
        #expect(try database.query("SELECT name FROM items").count == 1, "what was committed is there")
    }

    @Test func theSameWritesOutsideSyncAsBefore() throws {
        let made = try synced { try DurableFile.write(Array("state".utf8), to: folder.file("state.txt")) }
        #expect(made == ["state.txt": 1, "": 1])
    }

    @Test func aSimulatedPowerCutStillLosesOnlyWhatWasWrittenAfterTheLastSync() throws {
        let lost = try DiskSync.skipping { () throws -> Int in
            let log = try AppendOnlyFile(path: folder.file("log.txt"))
            try log.append(Array("kept\n".utf8))
            try log.append(Array("unsynced\n".utf8), syncNow: false)
            #expect(log.durableLength == 5)
            return try log.loseUnsyncedWrites()
        }
        #expect(lost == 5, "half of the 9 unsynced bytes are torn off, as outside")
        #expect(try DurableFile.read(folder.file("log.txt")) == Array("kept\nunsy".utf8))
    }

    @Test func anotherThreadStillSyncs() {
        let path = folder.file("other.txt")
        let made = synced {
            DiskSync.skipping {
                let done = DispatchSemaphore(value: 0)
                Thread {
                    try? DurableFile.write(Array("other".utf8), to: path)
                    done.signal()
                }.start()
                done.wait()
            }
        }
        #expect(made == ["other.txt": 1, "": 1])
    }
}
