import Foundation
import Glibc
import Testing
import TestSupport

/// Damaged files: one clear error and the file left as it was, or recovery that loses nothing.
@Suite struct DamagedFilesTests {
    /// A world where two purchases wait in the cache (the Server was down) and in the queue.
    private func worldWithTwoPendingOrders(_ folder: TemporaryFolder) throws -> String {
        try WorldOnDisk.made(in: folder, running: """
            server down
            buy com.storesim.pro
            wait
            buy com.storesim.coins.550
            expect pending 2
            """)
    }

    @Test func aDamagedCacheRecordIsQuarantinedAndTheQueueStillRecoversThePurchase() throws {
        let folder = try TemporaryFolder()
        let world = try worldWithTwoPendingOrders(folder)
        let cache = world + "/app/pending-orders.txt"
        var lines = try String(contentsOfFile: cache, encoding: .utf8).components(separatedBy: "\n")
        let damaged = lines[1].replacingOccurrences(of: "com.storesim.pro", with: "com.storesim.prp")
        lines[1] = damaged
        try lines.joined(separator: "\n").write(toFile: cache, atomically: true, encoding: .utf8)

        let state = try StoreSimProcess.run(["state", "--data-dir", world])
        #expect(state.stdout.contains("warning: line 2: damaged record set aside"))

        let recover = try folder.write("recover.scenario", """
            server up
            quit
            launch
            expect owned com.storesim.pro yes
            expect balance coins 550
            expect pending 0
            expect audit ok
            """)
        let result = try StoreSimProcess.run(["run", "--data-dir", world, recover])
        #expect(result.status == 0, "\(result.stdout)")
        #expect(result.stdout.contains("line 2: damaged record set aside"))
        let quarantine = try String(contentsOfFile: cache + ".quarantine", encoding: .utf8)
        #expect(quarantine == damaged + "\n", "the damaged bytes are kept for inspection")
    }

    /// An emptied cache file is an empty cache for every command alike: the app writes its
    /// header again before it appends, so the next launch reads what it saved.
    @Test func anEmptiedCacheIsAnEmptyCacheAndGetsItsHeaderBack() throws {
        let folder = try TemporaryFolder()
        let world = try WorldOnDisk.made(in: folder, running: "buy com.storesim.coins.100\n")
        let cache = world + "/app/pending-orders.txt"
        #expect(truncate(cache, 0) == 0)
        let audit = try StoreSimProcess.run(["audit", "--data-dir", world])
        #expect(audit.status == 0, "\(audit.stdout)\(audit.stderr)")
        let script = try folder.write("again.scenario", """
            server down
            buy com.storesim.pro
            wait
            quit
            launch
            expect pending 1
            server up
            quit
            launch
            expect owned com.storesim.pro yes
            expect pending 0
            expect audit ok
            """)
        let result = try StoreSimProcess.run(["run", "--data-dir", world, script])
        #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
        #expect(try String(contentsOfFile: cache, encoding: .utf8).hasPrefix("storesim pending orders v2\n"))
    }

    @Test func aCacheOfAnUnknownVersionIsRefusedAndLeftUntouched() throws {
        let folder = try TemporaryFolder()
        let world = try worldWithTwoPendingOrders(folder)
        let cache = world + "/app/pending-orders.txt"
        let text = try String(contentsOfFile: cache, encoding: .utf8)
            .replacingOccurrences(of: "storesim pending orders v2", with: "storesim pending orders v7")
        try text.write(toFile: cache, atomically: true, encoding: .utf8)
        let script = try folder.write("ok.scenario", "expect audit ok\n")
        let result = try StoreSimProcess.run(["run", "--data-dir", world, script])
        #expect(result.status == 2)
        #expect(result.stderr == "storesim: error: \(cache): line 1: unknown format version 'v7'; left untouched\n")
        #expect(try String(contentsOfFile: cache, encoding: .utf8) == text)
    }

    @Test func aDamagedStoreDatabaseIsNamedAndLeftExactlyAsItWas() throws {
        let folder = try TemporaryFolder()
        let world = try worldWithTwoPendingOrders(folder)
        let database = world + "/store.sqlite"
        var bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: database)))
        for index in stride(from: 100, to: min(bytes.count, 4000), by: 7) { bytes[index] ^= 0x5A }
        try Data(bytes).write(to: URL(fileURLWithPath: database))
        let script = try folder.write("ok.scenario", "expect audit ok\n")
        let result = try StoreSimProcess.run(["run", "--data-dir", world, script])
        #expect(result.status == 2)
        #expect(result.stderr.hasPrefix("storesim: error: \(database): "))
        #expect(result.stderr.split(separator: "\n").count == 1)
        #expect(try [UInt8](Data(contentsOf: URL(fileURLWithPath: database))) == bytes, "no repair, no overwrite")
    }
}

/// A data directory path that is a file, for the commands that only read or delete.
@Suite struct DataDirectoryIsAFileTests {
    @Test(arguments: [["audit"], ["state"], ["reset"]])
    func itIsNamedAsAFile(_ command: [String]) throws {
        let folder = try TemporaryFolder()
        let file = try folder.write("not-a-directory", "hello\n")
        let result = try StoreSimProcess.run(command + ["--data-dir", file])
        #expect(result.status == 2)
        #expect(result.stderr == "storesim: error: \(file): is a file, not a directory\n")
    }

    @Test func aCatalogFromAPipeIsRecordedWhole() throws {
        let folder = try TemporaryFolder()
        let catalog = StoreSimProcess.projectRoot.appendingPathComponent("catalog.json").path
        let pipe = folder.path + "/catalog.pipe"
        #expect(mkfifo(pipe, 0o600) == 0)
        let writer = Thread {
            if let contents = FileManager.default.contents(atPath: catalog), let handle = FileHandle(forWritingAtPath: pipe) {
                handle.write(contents)
                try? handle.close()
            }
        }
        writer.start()
        let script = try folder.write("buy.scenario", "buy com.storesim.coins.100\n")
        let first = try StoreSimProcess.run(["run", "--catalog", pipe, "--data-dir", folder.path + "/w", script])
        #expect(first.status == 0, "\(first.stderr)")
        let recorded = try String(contentsOfFile: folder.path + "/w/catalog.json", encoding: .utf8)
        #expect(recorded == (try String(contentsOfFile: catalog, encoding: .utf8)))
    }
}
