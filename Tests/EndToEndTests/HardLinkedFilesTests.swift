import Foundation
import Glibc
import Testing
import TestSupport

/// A file StoreSim writes in the data directory must be its own: one that has another name (a
/// hard link, perhaps to a file outside the directory) is refused in one line before anything
/// is written, since writing it would change the file under its other name too. Readers read it.
@Suite struct HardLinkedFilesTests {
    /// A world with one credited purchase, so that the files a world keeps exist.
    private func world(_ folder: TemporaryFolder) throws -> String {
        try WorldOnDisk.made(in: folder, running: "buy com.storesim.coins.100\nexpect balance coins 100\n")
    }

    private func run(_ world: String, _ folder: TemporaryFolder) throws -> StoreSimProcess.Result {
        let script = try folder.write("again.scenario", "buy com.storesim.coins.100\nexpect audit ok\n")
        return try StoreSimProcess.run(["run", "--data-dir", world, script], timeout: 20)
    }

    static let files = NonRegularFilesTests.files + ["store.sqlite-checked", "server.sqlite-checked", "store.sqlite-journal",
                                                     "server.sqlite-wal", "server.sqlite-shm"]

    @Test(arguments: files)
    func aFileWithAnotherNameOutsideIsRefusedAndTheOutsideFileLeftAlone(_ name: String) throws {
        let folder = try TemporaryFolder()
        let world = try world(folder)
        // A catalog, so that the run reads it as the recorded one (catalog.json) and gets as far
        // as writing whichever file it is.
        let contents = try String(contentsOf: StoreSimProcess.projectRoot.appendingPathComponent("catalog.json"), encoding: .utf8)
        let outside = try folder.write("outside.json", contents)
        unlink(world + "/" + name)
        #expect(link(outside, world + "/" + name) == 0)
        let before = WorldOnDisk.files(in: world)
        let result = try run(world, folder)
        #expect(result.status == 2)
        #expect(result.stderr == "storesim: error: \(world)/\(name): has 2 names (hard links), and StoreSim writes only a file "
            + "of its own; left untouched\n")
        #expect(try String(contentsOfFile: outside, encoding: .utf8) == contents)
        #expect(WorldOnDisk.files(in: world) == before, "nothing in the world was written")
    }

    /// A copy of a world made of hard links (`cp -al`) shares every file with the world: it can
    /// be read, but a run in either would write the other's files too.
    @Test func aWorldCopiedAsHardLinksIsReadButNotWritten() throws {
        let folder = try TemporaryFolder()
        let world = try world(folder)
        let copy = folder.path + "/copy"
        try FileManager.default.createDirectory(atPath: copy + "/app", withIntermediateDirectories: true)
        for name in WorldOnDisk.files(in: world).keys {
            #expect(link(world + "/" + name, copy + "/" + name) == 0, "\(name)")
        }
        let before = WorldOnDisk.files(in: world)
        let audit = try StoreSimProcess.run(["audit", "--data-dir", copy])
        #expect(audit.status == 0, "\(audit.stderr)")
        for directory in [copy, world] {
            let result = try run(directory, folder)
            #expect(result.status == 2)
            #expect(result.stderr.hasPrefix("storesim: error: \(directory)/"))
            #expect(result.stderr.hasSuffix(": has 2 names (hard links), and StoreSim writes only a file of its own; left untouched\n"))
        }
        #expect(WorldOnDisk.files(in: world) == before)
    }
}
