import Foundation
import Testing
import TestSupport

/// `reset` deletes only what is a StoreSim world's: in a directory that holds no world it
/// deletes nothing (and says there was nothing to reset when the directory is empty or only a
/// reset's lock is left), and in one that does, files that are not StoreSim's (in `app/` too)
/// are kept.
@Suite struct ResetTests {
    @Test func aDirectoryThatHoldsNoWorldIsRefusedAndLeftAsItIs() throws {
        let folder = try TemporaryFolder()
        let notes = folder.path + "/notes"
        try FileManager.default.createDirectory(atPath: notes + "/app", withIntermediateDirectories: true)
        for name in ["app/draft.txt", "catalog.json", "events.log", "world.json"] {
            try "someone else's \(name)\n".write(toFile: notes + "/" + name, atomically: false, encoding: .utf8)
        }
        for directory in [notes] {
            let before = try FileManager.default.subpathsOfDirectory(atPath: directory).sorted()
            let contents = WorldOnDisk.files(in: directory)
            let result = try StoreSimProcess.run(["reset", "--data-dir", directory])
            #expect(result.status == 2)
            #expect(result.stderr == "storesim: error: no world in \(directory); reset deletes only a world's files, and deleted nothing\n")
            #expect(result.stdout.isEmpty)
            #expect(try FileManager.default.subpathsOfDirectory(atPath: directory).sorted() == before, "nothing deleted, nothing made")
            #expect(WorldOnDisk.files(in: directory) == contents)
        }
    }

    @Test func anEmptyDirectoryOrOneAResetLeftHasNothingToResetAndSaysSo() throws {
        let folder = try TemporaryFolder()
        let empty = folder.path + "/empty"
        try FileManager.default.createDirectory(atPath: empty, withIntermediateDirectories: false)
        let world = try WorldOnDisk.made(in: folder, running: "buy com.storesim.coins.100\n")
        #expect(try StoreSimProcess.run(["reset", "--data-dir", world]).status == 0)
        for directory in [empty, world] {
            let before = try FileManager.default.subpathsOfDirectory(atPath: directory).sorted()
            let again = try StoreSimProcess.run(["reset", "--data-dir", directory])
            #expect(again.status == 0, "\(again.stderr)")
            #expect(again.stdout == "nothing to reset: \(directory) holds no world\n")
            #expect(try FileManager.default.subpathsOfDirectory(atPath: directory).sorted() == before)
        }
    }

    @Test func filesThatAreNotStoreSimsAreKeptWithTheirFolder() throws {
        let folder = try TemporaryFolder()
        let world = try WorldOnDisk.made(in: folder, running: "buy com.storesim.coins.100\n")
        try "mine\n".write(toFile: world + "/app/notes.txt", atomically: false, encoding: .utf8)
        try "mine\n".write(toFile: world + "/notes.txt", atomically: false, encoding: .utf8)
        let result = try StoreSimProcess.run(["reset", "--data-dir", world])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout == "reset \(world)\nkept \(world)/app: it holds files that are not StoreSim's\n")
        #expect(try FileManager.default.subpathsOfDirectory(atPath: world).sorted() == ["app", "app/notes.txt", "notes.txt", "storesim.lock"])
        #expect(try String(contentsOfFile: world + "/app/notes.txt", encoding: .utf8) == "mine\n")
        let audit = try StoreSimProcess.run(["audit", "--data-dir", world])
        #expect(audit.stderr == "storesim: error: no world in \(world)\n")
    }
}
