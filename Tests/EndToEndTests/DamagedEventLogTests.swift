import Foundation
import Testing
import TestSupport

/// An `events.log` damaged from outside: `run`, the TUI and `timeline --last` read it from its
/// end only as far as the limits on lines that are not events allow, then refuse it in one line
/// naming the byte, whatever its size; an event never lands on the end of a line left without
/// its newline.
@Suite struct DamagedEventLogTests {
    /// The end of the one line `run` and `timeline --last` print when the log's end holds no event.
    private static let limits = "; reading from the end gives up after 1000 lines or 8 MiB without one\n"

    private static func size(_ path: String) throws -> Int {
        try FileManager.default.attributesOfItem(atPath: path)[.size] as? Int ?? -1
    }

    /// Appends `bytes` to the file, or makes it `size` bytes long with zeros (a sparse file).
    private static func extend(_ path: String, with bytes: Data = Data(), toSize size: Int? = nil) throws {
        let handle = try #require(FileHandle(forWritingAtPath: path))
        defer { try? handle.close() }
        try handle.seekToEnd()
        try handle.write(contentsOf: bytes)
        if let size { try handle.truncate(atOffset: UInt64(size)) }
    }

    /// The byte and the stretch an error line names, for a log whose end holds no event.
    private static func refusal(_ command: [String], log: String) throws -> (byte: Int, stretch: String) {
        let result = try StoreSimProcess.run(command)
        #expect(result.killedBySignal == nil && result.status == 2, "\(command)")
        let pattern = /storesim: error: (.+): byte (\d+): no event from here to the end of the log \((.+)\)/
        let match = try #require(result.stderr.prefixMatch(of: pattern), "\(result.stderr)")
        #expect(String(match.1) == log)
        #expect(result.stderr.hasSuffix(Self.limits) && result.stderr.split(separator: "\n").count == 1, "\(result.stderr)")
        return (try #require(Int(match.2)), String(match.3))
    }

    /// The events `timeline --format json` prints, by `seq`, with its stderr.
    private static func timeline(_ world: String) throws -> (events: [[String: Any]], stderr: String) {
        let result = try StoreSimProcess.run(["timeline", "--data-dir", world, "--format", "json"])
        #expect(result.status == 0, "\(result.stderr)")
        let object = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any]
        return (try #require(object?["events"] as? [[String: Any]]), result.stderr)
    }

    @Test func aLogEndingInAHugeLineWithoutANewlineIsRefusedAfterReadingOnlyItsEnd() throws {
        let folder = try TemporaryFolder()
        let world = try WorldOnDisk.made(in: folder, running: "buy com.storesim.coins.100\n")
        let log = world + "/events.log"
        let script = try folder.write("buy.scenario", "buy com.storesim.coins.100\n")
        var stretches: Set<String> = []
        for size in [2 << 30, 1 << 40] {
            try Self.extend(log, toSize: size)
            for command in [["run", "--data-dir", world, script], ["timeline", "--data-dir", world, "--last", "20"]] {
                let (byte, stretch) = try Self.refusal(command, log: log)
                #expect(byte >= size - (8 << 20) - (64 << 10), "only the log's last 8 MiB and a chunk are read: \(byte) of \(size)")
                stretches.insert(stretch)
            }
            #expect(try Self.size(log) == size, "nothing is appended to a refused log")
        }
        #expect(stretches == ["\(8 << 20 + 64 << 10) bytes without a newline"], "the same bytes read whatever the size")
    }

    @Test func aLogOfOneLineWithoutANewlineLongerThanAnEventIsRefused() throws {
        let folder = try TemporaryFolder()
        let world = try WorldOnDisk.made(in: folder, running: "buy com.storesim.coins.100\n")
        let log = world + "/events.log"
        try Data(repeating: UInt8(ascii: "x"), count: 5 << 20).write(to: URL(fileURLWithPath: log))
        let script = try folder.write("buy.scenario", "buy com.storesim.coins.100\n")
        let result = try StoreSimProcess.run(["run", "--data-dir", world, script])
        #expect(result.status == 2)
        #expect(result.stderr == "storesim: error: \(log): last event: a line longer than 4 MiB\n")
        #expect(try Self.size(log) == 5 << 20)
    }

    @Test func garbageLinesAfterAValidLogAreRefusedFromTheEndAndCountedByTheWholeTimeline() throws {
        let folder = try TemporaryFolder()
        let world = try WorldOnDisk.made(in: folder, running: "buy com.storesim.coins.100\n")
        let log = world + "/events.log"
        let valid = try Self.size(log)
        let events = try Self.timeline(world).events.count
        try Self.extend(log, with: Data(String(repeating: "GARBAGE\n", count: 20_000).utf8))
        let script = try folder.write("buy.scenario", "buy com.storesim.coins.100\n")
        for command in [["run", "--data-dir", world, script], ["timeline", "--data-dir", world, "--last", "5"]] {
            let (byte, stretch) = try Self.refusal(command, log: log)
            #expect(byte == valid + 8 * 18_999 && stretch == "8008 bytes in 1001 lines")
        }
        let whole = try Self.timeline(world)
        #expect(whole.events.count == events, "the whole timeline still streams every event")
        #expect(whole.stderr == "storesim: warning: \(log): 20000 lines skipped, not this log's events in order "
            + "(the first at byte \(valid): not an event)\n")
        let long = Data((String(repeating: "x", count: 1 << 20) + "\n").utf8)
        try Data(try #require(FileManager.default.contents(atPath: log)).prefix(valid)).write(to: URL(fileURLWithPath: log))
        try Self.extend(log, with: Data((0..<12).flatMap { _ in long }))
        let (_, stretch) = try Self.refusal(["run", "--data-dir", world, script], log: log)
        #expect(stretch == "\(8 * ((1 << 20) + 1)) bytes in 8 lines", "long lines stop it after 8 MiB")
    }

    @Test func aFewGarbageLinesAfterAValidLogAreSkippedAndTheLogGoesOn() throws {
        let folder = try TemporaryFolder()
        let world = try WorldOnDisk.made(in: folder, running: "buy com.storesim.coins.100\n")
        let log = world + "/events.log"
        let events = try Self.timeline(world).events.count
        try Self.extend(log, with: Data(String(repeating: "GARBAGE\n", count: 1000).utf8))
        let script = try folder.write("buy.scenario", "buy com.storesim.coins.100\n")
        let run = try StoreSimProcess.run(["run", "--data-dir", world, script])
        #expect(run.status == 0, "\(run.stderr)")
        let after = try Self.timeline(world)
        #expect(after.events.map { $0["seq"] as? Int } == Array(1...after.events.count), "the run's events follow on")
        #expect(after.events.count > events)
        #expect(after.stderr.hasPrefix("storesim: warning: \(log): 1000 lines skipped"))
    }

    /// A torn last line (a write cut short) stays skipped; the next run's first event starts on
    /// a line of its own, so it and every event after it are read; the torn line, no longer
    /// last, is counted as damage. So is a line without a newline that no event could be.
    @Test(arguments: [false, true])
    func theNextEventAfterALineWithoutANewlineIsALineOfItsOwn(longerThanAnEvent: Bool) throws {
        let tail = longerThanAnEvent ? String(repeating: "x", count: 5 << 20) : #"{"from":"App","kind":"mess"#
        let folder = try TemporaryFolder()
        let world = try WorldOnDisk.made(in: folder, running: "buy com.storesim.coins.100\n")
        let log = world + "/events.log"
        let before = try Self.timeline(world).events
        let valid = try Self.size(log)
        try Self.extend(log, with: Data(tail.utf8))
        let quiet = try Self.timeline(world)
        #expect(quiet.events.count == before.count)
        #expect(quiet.stderr.isEmpty == !longerThanAnEvent, "a torn event is skipped quietly, a longer line is not: \(quiet.stderr)")
        let script = try folder.write("buy.scenario", "buy com.storesim.coins.100\n")
        #expect(try StoreSimProcess.run(["run", "--data-dir", world, script]).status == 0)
        let after = try Self.timeline(world)
        #expect(after.events.map { $0["seq"] as? Int } == Array(1...after.events.count))
        #expect(after.events.dropFirst(before.count).first?["text"] as? String == "launch (verify-then-finish)",
                "the run's first event, right after the line without a newline")
        let problem = longerThanAnEvent ? "a line longer than 4 MiB" : "not an event"
        #expect(after.stderr == "storesim: warning: \(log): 1 line skipped, not this log's events in order "
            + "(the first at byte \(valid): \(problem))\n")
    }

    /// The case reported: a log that was only bytes without a newline lost the next event.
    @Test func aLogOfBytesWithoutANewlineKeepsTheNextEvent() throws {
        let folder = try TemporaryFolder()
        let world = try WorldOnDisk.made(in: folder, running: "buy com.storesim.coins.100\n")
        try "not a timeline".write(toFile: world + "/events.log", atomically: true, encoding: .utf8)
        let script = try folder.write("buy.scenario", "buy com.storesim.coins.100\n")
        #expect(try StoreSimProcess.run(["run", "--data-dir", world, script]).status == 0)
        let first = try #require(try Self.timeline(world).events.first)
        #expect(first["seq"] as? Int == 1 && first["text"] as? String == "launch (verify-then-finish)")
    }
}
