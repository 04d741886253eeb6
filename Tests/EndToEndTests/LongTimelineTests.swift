@testable import Bench
import Foundation
import Testing
import TestSupport

/// `storesim run` in a world whose timeline is far bigger than anything it shows: its memory
/// stays that of a world with none (each run a child process, its own peak sampled).
@Suite(.serialized) struct LongTimelineTests {
    @Test func runKeepsItsMemoryFlatWithABigEventsLog() throws {
        let folder = try TemporaryFolder()
        let script = try folder.write("buy.txt", "buy com.storesim.coins.100\nwait\n")
        let big = folder.file("big")
        try FileManager.default.createDirectory(atPath: big, withIntermediateDirectories: false)
        try BigEventLog.write(path: big + "/events.log", bytes: 96 << 20)
        let empty = try ChildPeakMemory.megabytes(StoreSimProcess.binary, ["run", "--data-dir", folder.file("empty"), script])
        let grown = try ChildPeakMemory.megabytes(StoreSimProcess.binary, ["run", "--data-dir", big, script])
        #expect(empty > 0)
        #expect(grown <= empty * 1.15, "run's peak with a 96 MB events.log: \(grown) MB; with none: \(empty) MB")
        let result = try StoreSimProcess.run(["run", "--data-dir", big, script])
        #expect(result.status == 0, "stderr: \(result.stderr)")
        #expect(result.stdout.contains("com.storesim.coins.100"))
    }
}
