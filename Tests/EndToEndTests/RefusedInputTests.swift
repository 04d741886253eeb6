import Foundation
import Glibc
import Storage
import Testing
import TestSupport

/// A refused command changes nothing: every input is checked before the first write, and a
/// file StoreSim refuses is left byte for byte, with its database's `-wal` and `-shm`.
@Suite struct RefusedInputTests {
    private static let names = ["catalog.json", "world.json", "events.log", "store.sqlite", "store.sqlite-wal",
                                "store.sqlite-shm", "server.sqlite", "server.sqlite-wal", "server.sqlite-shm",
                                "storesim.lock", "app/pending-orders.txt"]

    private func contents(_ world: String, _ names: [String] = names) -> [Data?] {
        names.map { FileManager.default.contents(atPath: world + "/" + $0) }
    }

    /// A world with a purchase and a recorded catalog.
    private func world(_ folder: TemporaryFolder) throws -> String {
        try WorldOnDisk.made(in: folder, running: "buy com.storesim.coins.100\nexpect balance coins 100\n",
                             options: ["--catalog", "catalog.json"])
    }

    /// A catalog that differs from the project's: one product less.
    private func otherCatalog(_ folder: TemporaryFolder) throws -> String {
        let project = StoreSimProcess.projectRoot.appendingPathComponent("catalog.json")
        let text = try String(contentsOf: project, encoding: .utf8)
        return try folder.write("other.json", text.replacingOccurrences(of: "storesim", with: "othersim"))
    }

    @Test func aRunWithABadScriptRecordsNoCatalogAndChangesNothing() throws {
        let folder = try TemporaryFolder()
        let world = try world(folder)
        let before = contents(world)
        let good = try folder.write("good.scenario", "buy com.othersim.coins.100\n")
        let bad = try folder.write("bad.scenario", "fly to the moon\n")
        let result = try StoreSimProcess.run(["run", "--data-dir", world, "--catalog", otherCatalog(folder), good, bad])
        #expect(result.status == 2)
        #expect(result.stderr.hasPrefix("storesim: error: \(bad): line 1: "))
        #expect(contents(world) == before, "no new catalog, no lock holder, nothing else")
    }

    @Test func aRefusedRunDoesNotCreateItsDataDirectory() throws {
        let folder = try TemporaryFolder()
        let bad = try folder.write("bad.scenario", "fly to the moon\n")
        let result = try StoreSimProcess.run(["run", "--data-dir", folder.path + "/new", "--catalog", otherCatalog(folder), bad])
        #expect(result.status == 2)
        #expect(!FileManager.default.fileExists(atPath: folder.path + "/new"))
    }

    @Test func theInteractiveInterfaceWithoutATerminalRecordsNoCatalog() throws {
        let folder = try TemporaryFolder()
        let world = try world(folder)
        let before = contents(world)
        let result = try StoreSimProcess.run(["--data-dir", world, "--catalog", otherCatalog(folder)])
        #expect(result.status == 2)
        #expect(contents(world) == before)
    }

    /// A world killed mid-run (SIGKILL), so that its databases keep their `-wal` and `-shm`.
    private func crashedWorld(_ folder: TemporaryFolder) throws -> String {
        let world = try world(folder)
        let script = try folder.write("crash.scenario", "buy com.storesim.coins.550\ncrash\n")
        let result = try StoreSimProcess.run(["run", "--real-crash", "--data-dir", world, script])
        #expect(result.killedBySignal == SIGKILL)
        #expect(FileManager.default.fileExists(atPath: world + "/store.sqlite-wal"))
        return world
    }

    @Test(arguments: ["run", "audit", "state"])
    func aDamagedStoreDatabaseWithAWALIsLeftByteForByte(_ command: String) throws {
        let folder = try TemporaryFolder()
        let world = try crashedWorld(folder)
        let store = world + "/store.sqlite"
        var bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: store)))
        // Every page past the header is damaged: the pages the -wal holds newer copies of (page 1
        // among them once the database grew since its last checkpoint) read sound through it.
        for index in stride(from: 100, to: bytes.count, by: 7) { bytes[index] ^= 0x5A }
        try Data(bytes).write(to: URL(fileURLWithPath: store))
        let files = ["store.sqlite", "store.sqlite-wal", "store.sqlite-shm"]
        let before = contents(world, files)
        let script = try folder.write("ok.scenario", "expect audit ok\n")
        let result = try StoreSimProcess.run([command, "--data-dir", world] + (command == "run" ? [script] : []))
        #expect(result.status == 2)
        #expect(result.stderr.hasPrefix("storesim: error: \(store): damaged database: "))
        #expect(result.stderr.split(separator: "\n").count == 1)
        #expect(contents(world, files) == before, "no byte changed, no -wal or -shm created or deleted")
    }

    /// An index that disagrees with its table is damage `quick_check` does not see: a credit
    /// missing from the Server's UNIQUE index would let it credit the purchase again.
    @Test(arguments: ["run", "audit"])
    func anIndexThatDisagreesWithItsTableIsDamage(_ command: String) throws {
        let folder = try TemporaryFolder()
        let world = try world(folder)
        let store = world + "/store.sqlite"
        try SQLiteDatabase(path: store).execute("""
            PRAGMA writable_schema = ON;
            UPDATE sqlite_master SET sql = 'CREATE INDEX transactions_by_account_product ON transactions(product_id, account)'
            WHERE name = 'transactions_by_account_product';
            """)
        try FileManager.default.removeItem(atPath: store + "-checked")  // another program leaves no seal
        let files = ["store.sqlite", "store.sqlite-wal", "store.sqlite-shm"]
        let before = contents(world, files)
        let script = try folder.write("ok.scenario", "expect audit ok\n")
        let result = try StoreSimProcess.run([command, "--data-dir", world] + (command == "run" ? [script] : []))
        #expect(result.status == 2, "\(result.stdout)")
        #expect(result.stderr.hasPrefix("storesim: error: \(store): damaged database: "), "\(result.stderr)")
        #expect(result.stderr.contains("transactions_by_account_product"), "\(result.stderr)")
        #expect(contents(world, files) == before)
    }

    @Test(arguments: ["run", "audit"])
    func aDatabaseOfAnotherSchemaIsLeftByteForByte(_ command: String) throws {
        let folder = try TemporaryFolder()
        let world = try world(folder)
        let server = world + "/server.sqlite"
        try FileManager.default.copyItem(atPath: world + "/store.sqlite", toPath: server + ".other")
        try FileManager.default.removeItem(atPath: server)
        try FileManager.default.moveItem(atPath: server + ".other", toPath: server)
        let files = ["server.sqlite", "server.sqlite-wal", "server.sqlite-shm"]
        let before = contents(world, files)
        let script = try folder.write("ok.scenario", "expect audit ok\n")
        let result = try StoreSimProcess.run([command, "--data-dir", world] + (command == "run" ? [script] : []))
        #expect(result.status == 2)
        #expect(result.stderr.hasPrefix("storesim: error: \(server): "))
        #expect(result.stderr.hasSuffix("left untouched\n"))
        #expect(contents(world, files) == before, "not switched to WAL, no table added")
    }

    @Test func aWorldFileOfAnUnknownVersionIsLeftByteForByte() throws {
        let folder = try TemporaryFolder()
        let world = try world(folder)
        let settings = world + "/world.json"
        let text = try String(contentsOfFile: settings, encoding: .utf8).replacingOccurrences(of: "\"version\" : 1", with: "\"version\" : 7")
        try text.write(toFile: settings, atomically: true, encoding: .utf8)
        let before = contents(world)
        let script = try folder.write("ok.scenario", "buy com.storesim.coins.100\n")
        let result = try StoreSimProcess.run(["run", "--data-dir", world, script])
        #expect(result.status == 2)
        #expect(result.stderr == "storesim: error: \(settings): $.version: unknown settings version 7 (this storesim knows version 1)\n")
        #expect(contents(world) == before)
    }
}
