import Foundation
import Glibc
import Testing
import TestSupport

/// StoreSim reads and writes only regular files inside the data directory: a symbolic link, a
/// named pipe or a folder where one of its files should be is refused at once, in one line,
/// and left as it is; nothing outside the directory is touched.
@Suite struct NonRegularFilesTests {
    /// A world with one credited purchase and one order the Server rejected, so that every
    /// file it keeps exists.
    private func world(_ folder: TemporaryFolder) throws -> String {
        try WorldOnDisk.made(in: folder, running: "buy com.storesim.coins.100\nexpect balance coins 100\n")
    }

    /// Runs `command` on `world` (with a script for `run`), killed after 20 s.
    private func storesim(_ command: String, _ world: String, _ folder: TemporaryFolder) throws -> StoreSimProcess.Result {
        let script = try folder.write("again.scenario", "buy com.storesim.coins.100\nexpect audit ok\n")
        return try StoreSimProcess.run([command, "--data-dir", world] + (command == "run" ? [script] : []), timeout: 20)
    }

    static let files = ["storesim.lock", "world.json", "world.json.tmp", "events.log", "catalog.json", "catalog.json.tmp",
                        "store.sqlite", "store.sqlite-wal", "store.sqlite-shm", "server.sqlite", "server.sqlite-journal",
                        "app/pending-orders.txt", "app/pending-orders.txt.tmp", "app/pending-orders.txt.rejected",
                        "app/pending-orders.txt.quarantine", "app/receipt.txt", "app/receipt.txt.tmp"]

    @Test(arguments: files)
    func aSymbolicLinkIsRefusedAndItsTargetLeftAlone(_ name: String) throws {
        let folder = try TemporaryFolder()
        let world = try world(folder)
        let outside = try folder.write("outside.txt", "outside the data directory\n")
        unlink(world + "/" + name)
        #expect(symlink(outside, world + "/" + name) == 0)
        let result = try storesim("run", world, folder)
        #expect(result.status == 2)
        #expect(result.stderr == "storesim: error: \(world)/\(name): is a symbolic link, not a regular file; left untouched\n")
        #expect(try String(contentsOfFile: outside, encoding: .utf8) == "outside the data directory\n")
        #expect((try? FileManager.default.destinationOfSymbolicLink(atPath: world + "/" + name)) == outside)
    }

    @Test(arguments: ["run", "audit", "state"])
    func aSymbolicLinkWhereTheAppsFolderShouldBeIsRefused(_ command: String) throws {
        let folder = try TemporaryFolder()
        let world = try world(folder)
        let outside = folder.path + "/outside-app"
        #expect(rename(world + "/app", outside) == 0)
        #expect(symlink(outside, world + "/app") == 0)
        let before = try FileManager.default.contentsOfDirectory(atPath: outside).sorted()
        let cache = try String(contentsOfFile: outside + "/pending-orders.txt", encoding: .utf8)
        let result = try storesim(command, world, folder)
        #expect(result.status == 2)
        #expect(result.stderr == "storesim: error: \(world)/app: is a symbolic link, not a directory; left untouched\n")
        #expect(try FileManager.default.contentsOfDirectory(atPath: outside).sorted() == before)
        #expect(try String(contentsOfFile: outside + "/pending-orders.txt", encoding: .utf8) == cache)
    }

    @Test func aDataDirectoryThatIsALinkToAFolderStillWorks() throws {
        let folder = try TemporaryFolder()
        let world = try world(folder)
        #expect(symlink(world, folder.path + "/linked") == 0)
        let result = try storesim("run", folder.path + "/linked", folder)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(try storesim("audit", folder.path + "/linked", folder).status == 0)
    }

    @Test(arguments: [("world.json", "run"), ("world.json", "audit"), ("events.log", "run"),
                      ("app/pending-orders.txt", "run"), ("app/pending-orders.txt", "audit"),
                      ("store.sqlite", "run"), ("store.sqlite", "audit"), ("server.sqlite", "state"),
                      ("catalog.json", "audit"), ("storesim.lock", "run"), ("store.sqlite-wal", "audit")])
    func aNamedPipeIsRefusedAtOnce(_ name: String, _ command: String) throws {
        let folder = try TemporaryFolder()
        let world = try world(folder)
        unlink(world + "/" + name)
        #expect(mkfifo(world + "/" + name, 0o600) == 0)
        let result = try storesim(command, world, folder)
        #expect(result.killedBySignal == nil, "it does not hang")
        #expect(result.status == 2)
        #expect(result.stderr == "storesim: error: \(world)/\(name): is a named pipe, not a regular file; left untouched\n")
        #expect(FileKindProbe.isPipe(world + "/" + name))
    }

    @Test(arguments: ["world.json", "events.log", "app/pending-orders.txt", "store.sqlite"])
    func aFolderWhereAFileShouldBeIsRefused(_ name: String) throws {
        let folder = try TemporaryFolder()
        let world = try world(folder)
        unlink(world + "/" + name)
        #expect(mkdir(world + "/" + name, 0o755) == 0)
        let result = try storesim("run", world, folder)
        #expect(result.status == 2)
        #expect(result.stderr == "storesim: error: \(world)/\(name): is a directory, not a regular file; left untouched\n")
    }

    /// `world.json` is rewritten over its temporary, which then holds the settings before the
    /// last save: a stale one is written over, never read, never refused.
    @Test func aStaleTemporaryThatIsARegularFileIsReplaced() throws {
        let folder = try TemporaryFolder()
        let world = try world(folder)
        try "stale, and longer than any settings file could be: \(String(repeating: "x", count: 400))"
            .write(toFile: world + "/world.json.tmp", atomically: false, encoding: .utf8)
        let result = try storesim("run", world, folder)
        #expect(result.status == 0, "\(result.stderr)")
        let temporary = try String(contentsOfFile: world + "/world.json.tmp", encoding: .utf8)
        #expect(temporary.hasPrefix("{\n  \"api\" : ") && temporary.hasSuffix("}\n") && !temporary.contains("stale"), "\(temporary)")
    }
}

/// Looks at a path without following it.
enum FileKindProbe {
    static func isPipe(_ path: String) -> Bool {
        var info = stat()
        return lstat(path, &info) == 0 && info.st_mode & S_IFMT == S_IFIFO
    }
}
