import Foundation
import Storage
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
        // A file of a release before world identities: only its ids can tell it is not this world's.
        try SQLiteDatabase(path: world + "/store.sqlite").execute("DELETE FROM settings WHERE key = 'world-id'")
        try FileManager.default.removeItem(atPath: world + "/store.sqlite-checked")
        let before = files(world)
        let result = try StoreSimProcess.run(["run", "--data-dir", world, script])
        #expect(result.status == 2)
        #expect(result.stderr == """
            storesim: error: \(world)/store.sqlite: its next transaction id 1000000000000002 is at or below tx \
            1000000000000003, which server.sqlite has credited: ids would be handed out again; left untouched\n
            """)
        #expect(files(world) == before)
    }

    /// A world whose `store.sqlite` holds more transactions than `other`'s, with that file of
    /// `other` put in its place (its seal and journal gone with the old one).
    private func swappedWorld(_ folder: TemporaryFolder) throws -> String {
        let world = try boughtWorld(folder)
        let other = folder.path + "/other"
        let more = try folder.write("more.scenario", "buy com.storesim.coins.550\nwait\nbuy com.storesim.season\nwait\n")
        #expect(try StoreSimProcess.run(["run", "--data-dir", other, more]).status == 0)
        for suffix in ["", "-wal", "-shm", "-checked"] where FileManager.default.fileExists(atPath: world + "/store.sqlite" + suffix) {
            try FileManager.default.removeItem(atPath: world + "/store.sqlite" + suffix)
        }
        try FileManager.default.copyItem(atPath: other + "/store.sqlite", toPath: world + "/store.sqlite")
        return world
    }

    /// Each world's files name it: another world's store with more transactions, which the id
    /// check lets through, is refused by name by every command, and nothing changes.
    @Test(arguments: ["run", "audit", "state"])
    func anotherWorldsStoreIsRefusedByItsWorld(_ command: String) throws {
        let folder = try TemporaryFolder()
        let world = try swappedWorld(folder)
        let before = files(world)
        let script = try folder.write("ok.scenario", "expect audit ok\n")
        let result = try StoreSimProcess.run([command, "--data-dir", world] + (command == "run" ? [script] : []))
        #expect(result.status == 2, "\(result.stdout)")
        #expect(result.stderr.hasPrefix("storesim: error: \(world)/store.sqlite: belongs to world "), "\(result.stderr)")
        #expect(result.stderr.hasSuffix(": files of two worlds were put together; left untouched\n"), "\(result.stderr)")
        #expect(files(world) == before)
    }

    @Test func aDeletedServerLedgerIsRefusedNotStartedAfresh() throws {
        let folder = try TemporaryFolder()
        let world = try boughtWorld(folder)
        for suffix in ["", "-wal", "-shm", "-checked"] where FileManager.default.fileExists(atPath: world + "/server.sqlite" + suffix) {
            try FileManager.default.removeItem(atPath: world + "/server.sqlite" + suffix)
        }
        let script = try folder.write("ok.scenario", "expect audit ok\n")
        let result = try StoreSimProcess.run(["run", "--data-dir", world, script])
        #expect(result.status == 2)
        #expect(result.stderr == "storesim: error: \(world)/server.sqlite: is gone, yet store.sqlite belongs to a world that had one: "
            + "the Server's ledger was deleted or moved; left untouched (storesim reset starts the world over)\n")
        #expect(!FileManager.default.fileExists(atPath: world + "/server.sqlite"), "no fresh ledger was made")
    }

    /// A world with a $4.99 order paid while the Server was down: pending in the app's cache,
    /// credited nowhere.
    private func pendingWorld(_ folder: TemporaryFolder) throws -> String {
        try WorldOnDisk.made(in: folder, running: "server down\nbuy com.storesim.coins.550\nwait\nexpect pending 1\n")
    }

    private func empty(_ file: String) throws {
        for suffix in ["-wal", "-shm", "-checked"] where FileManager.default.fileExists(atPath: file + suffix) {
            try FileManager.default.removeItem(atPath: file + suffix)
        }
        try Data().write(to: URL(fileURLWithPath: file))
    }

    /// An emptied (0-byte) ledger is not a new one: `audit` and `run` refuse it in one line
    /// instead of calling the credited purchase lost or writing a fresh ledger over it.
    @Test(arguments: ["run", "audit", "state"])
    func anEmptiedServerLedgerIsRefused(_ command: String) throws {
        let folder = try TemporaryFolder()
        let world = try boughtWorld(folder)
        try empty(world + "/server.sqlite")
        let before = files(world)
        let script = try folder.write("ok.scenario", "expect audit ok\n")
        let result = try StoreSimProcess.run([command, "--data-dir", world] + (command == "run" ? [script] : []))
        #expect(result.status == 2, "\(result.stdout)")
        #expect(result.stdout.isEmpty)
        #expect(result.stderr == "storesim: error: \(world)/server.sqlite: is empty (0 bytes), yet store.sqlite belongs to a world "
            + "that had one: the Server's ledger was emptied; left untouched (storesim reset starts the world over)\n")
        #expect(files(world) == before)
    }

    /// An emptied Store beside a pending order would hand the order's id to the next purchase
    /// and put the paid order out of reach; it is refused, and so are both databases emptied,
    /// by the order in the cache.
    @Test func anEmptiedStoreBesideAPendingOrderIsRefused() throws {
        let folder = try TemporaryFolder()
        let world = try pendingWorld(folder)
        let store = world + "/store.sqlite"
        try empty(store)
        let script = try folder.write("again.scenario", "server up\nbuy com.storesim.coins.100\n")
        var result = try StoreSimProcess.run(["run", "--data-dir", world, script])
        #expect(result.status == 2 && result.stdout.isEmpty)
        #expect(result.stderr == "storesim: error: \(store): is empty (0 bytes), yet server.sqlite belongs to a world that had one: "
            + "the Store's history was emptied; left untouched (storesim reset starts the world over)\n")
        try empty(world + "/server.sqlite")
        let before = files(world)
        for command in [["run", "--data-dir", world, script], ["audit", "--data-dir", world]] {
            result = try StoreSimProcess.run(command)
            #expect(result.status == 2 && result.stdout.isEmpty)
            #expect(result.stderr == "storesim: error: \(store): has handed out no transaction, yet the app's cache holds pending "
                + "tx 1000000000000001: the Store's history was emptied or replaced; left untouched\n")
        }
        #expect(files(world) == before)
    }

    /// A store of a release before world identities, swapped in, passes the id check; the
    /// audit then finds that the Server's credits of those ids name products the Store's
    /// transactions did not pay for, and says so instead of calling them credited.
    @Test func aCreditOfAnIdTheStorePaidForAnotherProductIsAnOrphanCredit() throws {
        let folder = try TemporaryFolder()
        let world = try swappedWorld(folder)
        try SQLiteDatabase(path: world + "/store.sqlite").execute("DELETE FROM settings WHERE key = 'world-id'")
        let audit = try StoreSimProcess.run(["audit", "--data-dir", world])
        #expect(audit.status == 1, "\(audit.stdout)\(audit.stderr)")
        #expect(audit.stdout.contains("""
            100 Coins tx 1000000000000001: ORPHAN CREDIT: credited (+100 coins) but the Store's transaction of that id \
            paid for 550 Coins
            """), "\(audit.stdout)")
        #expect(audit.stdout.hasSuffix("audit FAILED\n"))
    }
}
