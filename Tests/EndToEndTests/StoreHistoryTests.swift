import Foundation
import Testing
import TestSupport

/// A `store.sqlite` whose history contradicts the Server's ledger is refused in one line, with
/// every file left as it was: ids handed out again would be "already credited" and lost.
@Suite struct StoreHistoryTests {
    private func boughtWorld(_ folder: TemporaryFolder) throws -> String {
        try WorldOnDisk.made(in: folder, running: "buy com.storesim.coins.100\nexpect balance coins 100\n")
    }

    /// Every file's bytes. A read-only SQLite connection may add an empty `-wal` and a `-shm`
    /// beside a database; those are left out, the files themselves must not change.
    private func files(_ world: String) -> [String: Data] {
        WorldOnDisk.files(in: world).filter { !$0.key.hasSuffix("-wal") && !$0.key.hasSuffix("-shm") }
    }

    @Test func anEmptiedStoreIsRefusedInOneLineAndNothingChanges() throws {
        let folder = try TemporaryFolder()
        let world = try boughtWorld(folder)
        let store = world + "/store.sqlite"
        try FileManager.default.removeItem(atPath: store)
        #expect(FileManager.default.createFile(atPath: store, contents: Data()))
        let before = files(world)
        let script = try folder.write("again.scenario", "buy com.storesim.coins.100\n")
        let result = try StoreSimProcess.run(["run", "--data-dir", world, script])
        #expect(result.status == 2)
        #expect(result.stdout.isEmpty)
        #expect(result.stderr == """
            storesim: error: \(store): has handed out no transaction, yet server.sqlite has credited tx \
            1000000000000001: the Store's history was emptied or replaced; left untouched\n
            """)
        #expect(files(world) == before)
    }

    @Test func aStoreWhoseIdsGoBackIsRefused() throws {
        let folder = try TemporaryFolder()
        let world = try boughtWorld(folder)
        let other = folder.path + "/other"
        let script = try folder.write("wait.scenario", "wait\n")
        let twice = try folder.write("twice.scenario", "buy com.storesim.coins.100\nwait\nbuy com.storesim.coins.100\n")
        #expect(try StoreSimProcess.run(["run", "--data-dir", world, twice]).status == 0)
        for suffix in ["", "-wal", "-shm"] where FileManager.default.fileExists(atPath: world + "/store.sqlite" + suffix) {
            try FileManager.default.removeItem(atPath: world + "/store.sqlite" + suffix)
        }
        let once = try folder.write("once.scenario", "buy com.storesim.coins.100\n")
        #expect(try StoreSimProcess.run(["run", "--data-dir", other, once]).status == 0)
        try FileManager.default.copyItem(atPath: other + "/store.sqlite", toPath: world + "/store.sqlite")
        let before = files(world)
        let result = try StoreSimProcess.run(["run", "--data-dir", world, script])
        #expect(result.status == 2)
        #expect(result.stderr == """
            storesim: error: \(world)/store.sqlite: its next transaction id 1000000000000002 is at or below tx \
            1000000000000003, which server.sqlite has credited: ids would be handed out again; left untouched\n
            """)
        #expect(files(world) == before)
    }
}
