import Foundation
import TestSupport
import Testing

/// The Store's and the Server's databases record their schema version: a file from a newer
/// StoreSim is refused in one line and left byte for byte.
@Suite struct VersionedDatabaseTests {
    /// A world with one credited purchase, its databases closed cleanly (no -wal, no -shm).
    private func world(_ folder: TemporaryFolder) throws -> String {
        try WorldOnDisk.made(in: folder, running: "buy com.storesim.coins.100\nexpect balance coins 100\n")
    }

    /// Writes `version` into the file's header, where SQLite keeps `PRAGMA user_version`.
    private func stamp(_ database: String, version: UInt8) throws -> Data {
        var bytes = try Data(contentsOf: URL(fileURLWithPath: database))
        bytes.replaceSubrange(60..<64, with: [0, 0, 0, version])
        try bytes.write(to: URL(fileURLWithPath: database))
        return bytes
    }

    private func contents(_ database: String) -> [Data?] {
        ["", "-wal", "-shm"].map { FileManager.default.contents(atPath: database + $0) }
    }

    @Test(arguments: [["run"], ["audit"], ["state"]])
    func aServerDatabaseFromANewerStoreSimIsRefusedAndLeftByteForByte(_ command: [String]) throws {
        let folder = try TemporaryFolder()
        let world = try world(folder)
        let server = world + "/server.sqlite"
        let bytes = try stamp(server, version: 12)
        let script = try folder.write("ok.scenario", "expect audit ok\n")
        let result = try StoreSimProcess.run(command + ["--data-dir", world] + (command == ["run"] ? [script] : []))
        #expect(result.status == 2)
        #expect(result.stderr == "storesim: error: \(server): schema version 12 is newer than this storesim knows (newest 11); left untouched\n")
        #expect(contents(server) == [bytes, nil, nil], "no byte changes and no -wal or -shm appears")
    }

    @Test func aStoreDatabaseFromANewerStoreSimIsRefusedInOneLineAndLeftByteForByte() throws {
        let folder = try TemporaryFolder()
        let world = try world(folder)
        let store = world + "/store.sqlite"
        let bytes = try stamp(store, version: 14)
        let script = try folder.write("ok.scenario", "expect audit ok\n")
        let result = try StoreSimProcess.run(["run", "--data-dir", world, script])
        #expect(result.status == 2)
        #expect(result.stderr == "storesim: error: \(store): schema version 14 is newer than this storesim knows (newest 13); left untouched\n")
        #expect(contents(store) == [bytes, nil, nil])
    }

    @Test func aWorldKeepsWorkingAcrossRunsWithItsVersionsRecorded() throws {
        let folder = try TemporaryFolder()
        let world = try world(folder)
        let script = try folder.write("again.scenario", "buy com.storesim.coins.100\nexpect balance coins 200\nexpect audit ok\n")
        let result = try StoreSimProcess.run(["run", "--data-dir", world, script])
        #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
        let header = { (name: String) in FileManager.default.contents(atPath: world + "/" + name).map { Array($0[60..<64]) } }
        #expect(header("store.sqlite") == [0, 0, 0, 13])
        #expect(header("server.sqlite") == [0, 0, 0, 11])
    }
}
