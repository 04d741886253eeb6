import Foundation
import Testing
@testable import Storage
import TestSupport

/// A reader opened and closed in the writer's own process leaves the writer's locks on the
/// `-shm` as they were: another process still sees the database live (its "dead man switch"
/// byte locked), and so never truncates the `-shm` under the writer's mapping (which killed a
/// served world with SIGBUS when `state` ran beside it).
@Suite struct InProcessReaderTests {
    /// Asks, from another process, whether byte 128 of the `-shm` is locked (F_GETLK), as a
    /// reader of another process's SQLite does before it takes the file for abandoned.
    static let probe = """
        import fcntl, os, struct, sys
        fd = os.open(sys.argv[1], os.O_RDONLY)
        lock = struct.pack("hhqqi4x", fcntl.F_WRLCK, os.SEEK_SET, 128, 1, 0)
        kind = struct.unpack("hhqqi4x", fcntl.fcntl(fd, fcntl.F_GETLK, lock))[0]
        print("unlocked" if kind == fcntl.F_UNLCK else "locked")
        """

    private func locked(_ shm: String) throws -> String {
        let process = Process()
        let pipe = Pipe()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", "-c", Self.probe, shm]
        process.standardOutput = pipe
        try process.run()
        process.waitUntilExit()
        return String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
    }

    @Test func aReaderInTheWritersProcessLeavesTheDatabaseLiveToOthers() throws {
        let folder = try TemporaryFolder()
        let path = folder.file("data.sqlite")
        let writer = try SQLiteDatabase(path: path)
        try writer.execute("CREATE TABLE items(id INTEGER PRIMARY KEY)")
        try writer.execute("INSERT INTO items(id) VALUES(1)")
        #expect(try locked(path + "-shm") == "locked")
        #expect(SQLiteDatabase.hasLiveConnection(path))
        do {
            let reader = try SQLiteDatabase(path: path, readOnly: true)
            _ = reader
        }
        #expect(try locked(path + "-shm") == "locked", "the reader's close dropped the writer's lock")
        try writer.execute("INSERT INTO items(id) VALUES(2)")
        withExtendedLifetime(writer) {}
    }
}
