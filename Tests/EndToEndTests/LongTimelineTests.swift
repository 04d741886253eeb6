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

    /// `timeline --last 5` reads a 48 MB log from its end, and `timeline` streams a whole log a
    /// piece at a time: the memory of each is that of a world whose log is short.
    @Test func timelineReadsABigLogInTheMemoryOfAShortOne() throws {
        let folder = try TemporaryFolder()
        let script = try folder.write("buy.txt", "buy com.storesim.coins.100\nwait\n")
        let (short, big, long) = (folder.file("short"), folder.file("big"), folder.file("long"))
        for world in [short, big, long] {
            #expect(try StoreSimProcess.run(["run", "--data-dir", world, script]).status == 0)
        }
        try BigEventLog.write(path: big + "/events.log", bytes: 48 << 20)
        try BigEventLog.write(path: long + "/events.log", bytes: 4 << 20)
        let peak = { (world: String, options: [String]) in
            try ChildPeakMemory.megabytes(StoreSimProcess.binary, ["timeline", "--data-dir", world] + options)
        }
        let shortLast = try peak(short, ["--last", "5"])
        let bigLast = try peak(big, ["--last", "5"])
        #expect(shortLast > 0)
        #expect(bigLast <= shortLast * 1.15, "timeline --last 5: \(bigLast) MB with a 48 MB log, \(shortLast) MB with a short one")
        let shortWhole = try peak(short, [])
        let longWhole = try peak(long, [])
        #expect(longWhole <= shortWhole * 1.15, "timeline: \(longWhole) MB for a 4 MB log, \(shortWhole) MB for a short one")
        let newest = try StoreSimProcess.run(["timeline", "--data-dir", big, "--last", "5", "--format", "json"])
        let events = try JSONSerialization.jsonObject(with: Data(newest.stdout.utf8)) as? [String: [[String: Any]]]
        let seqs = try #require(events?["events"]?.compactMap { $0["seq"] as? Int })
        #expect(seqs.count == 5 && seqs == Array((seqs[0])...(seqs[0] + 4)) && seqs[0] > 100_000)
    }
}
