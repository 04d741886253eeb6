import Foundation
import Testing
import TestSupport

/// `storesim timeline`: the world's timeline as the transcript's lines, as one JSON object, or
/// as a Mermaid diagram; `--last N` is the end of the whole, read from the log's end.
@Suite struct TimelineCommandTests {
    /// A crash at `cached` and its recovery, a refused tap, a verification the Server never
    /// gets, a crash with the Store's answers on their way (dropped), two days later a restore.
    static let story = """
        buy com.storesim.coins.100
        crash at cached
        buy com.storesim.coins.100
        launch
        server down
        buy com.storesim.pro
        wait
        server up
        buy com.storesim.coins.550
        crash
        launch
        advance 2d
        restore
        expect audit ok
        expect balance coins 650

        """

    /// A world after `story`, with the run's transcript.
    private static func world(_ folder: TemporaryFolder) throws -> (path: String, transcript: String) {
        let world = folder.file("world")
        let script = try folder.write("story.scenario", Self.story)
        let run = try StoreSimProcess.run(["run", "--data-dir", world, script])
        #expect(run.status == 0, "\(run.stdout)\(run.stderr)")
        return (world, run.stdout)
    }

    private static func timeline(_ world: String, _ options: String...) throws -> String {
        let result = try StoreSimProcess.run(["timeline", "--data-dir", world] + options)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr.isEmpty)
        return result.stdout
    }

    /// The line a transcript writes before the first event of each simulated day.
    private static func isDayLine(_ line: Substring) -> Bool {
        line.contains(/^  ── \d{4}-\d\d-\d\d ──$/)
    }

    private static func lines(_ text: String) -> [Substring] {
        text.split(separator: "\n", omittingEmptySubsequences: false).dropLast()
    }

    @Test func textIsTheTimelineAsTheTranscriptShowsIt() throws {
        let folder = try TemporaryFolder()
        let (world, transcript) = try Self.world(folder)
        let events = Self.lines(transcript).filter { $0.contains(/^  \d\d:\d\d:\d\d\.\d{3}[ ][ ]/) || Self.isDayLine($0) }
        #expect(events.count > 60)
        #expect(events.first == "  ── 2026-01-01 ──", "the first event's day is named")
        #expect(events.filter(Self.isDayLine).count >= 2, "the story moves the clock by days, and each new day is named")
        #expect(Self.lines(try Self.timeline(world)) == events)
    }

    /// One object; each event as the log holds it; each delivery and drop names the message it
    /// ends, one with the same sender, receiver and words; no message ends twice.
    @Test func jsonIsOneObjectWithEveryEvent() throws {
        let folder = try TemporaryFolder()
        let (world, _) = try Self.world(folder)
        let object = try JSONSerialization.jsonObject(with: Data(try Self.timeline(world, "--format", "json").utf8)) as? [String: Any]
        let events = try #require(object?["events"] as? [[String: Any]])
        let log = try String(contentsOfFile: world + "/events.log", encoding: .utf8)
        #expect(events.count == Self.lines(log).count)
        #expect(events.map { $0["seq"] as? Int } == Array(1...events.count))
        let bySeq = Dictionary(uniqueKeysWithValues: events.map { ($0["seq"] as? Int ?? 0, $0) })
        var ended = Set<Int>()
        for event in events where ["delivered", "dropped"].contains(event["kind"] as? String) {
            let sent = try #require(event["sentSeq"] as? Int, "\(event)")
            let message = try #require(bySeq[sent])
            #expect(message["kind"] as? String == "message")
            #expect(message["from"] as? String == event["from"] as? String && message["to"] as? String == event["to"] as? String)
            #expect((event["text"] as? String ?? "").hasPrefix(message["text"] as? String ?? "?"))
            #expect(ended.insert(sent).inserted, "message \(sent) ended twice")
        }
        #expect(events.contains { $0["kind"] as? String == "dropped" })
        #expect(ended.count == events.count { $0["kind"] as? String == "message" }, "every message of a finished run ended")
    }

    @Test(arguments: ["text", "json", "mermaid"])
    func theLastEventsAreTheEndOfTheWholeTimeline(format: String) throws {
        let folder = try TemporaryFolder()
        let (world, _) = try Self.world(folder)
        let whole = Self.lines(try Self.timeline(world, "--format", format))
        let count = Self.lines(try String(contentsOfFile: world + "/events.log", encoding: .utf8)).count
        for last in [1, 2, 7, 40, count - 1, count, count + 5] {
            let tail = Self.lines(try Self.timeline(world, "--format", format, "--last", String(last)))
            switch format {
            case "json":
                let events = { (lines: [Substring]) in lines.dropFirst().dropLast().map { $0.hasSuffix(",") ? $0.dropLast() : $0 } }
                #expect(tail.first == #"{"events":["# && tail.last == "]}")
                #expect(events(tail) == Array(events(whole).suffix(last)))
            case "mermaid":
                #expect(Array(tail.prefix(5)) == Array(whole.prefix(5)))
                #expect(Array(tail.dropFirst(5)) == Array(whole.dropFirst(5).suffix(tail.count - 5)), "--last \(last)")
                #expect(last < count || tail == whole)
            default:
                let events = { (lines: [Substring]) in lines.filter { !Self.isDayLine($0) } }
                #expect(tail.first.map(Self.isDayLine) == true, "the tail names the day of its first event: --last \(last)")
                #expect(!events(tail).isEmpty && events(tail) == Array(events(whole).suffix(events(tail).count)), "--last \(last)")
                #expect(last < count || tail == whole)
            }
        }
    }

    @Test(arguments: [
        (["--format", "xml"], "storesim: error: unknown format 'xml': use text, json or mermaid\n"),
        (["--last", "0"], "storesim: error: --last needs a whole number of events, 1 or more, not '0'\n"),
        (["--last", "many"], "storesim: error: --last needs a whole number of events, 1 or more, not 'many'\n"),
        (["--json"], "storesim: error: unknown option '--json' for storesim timeline; expected one of: --data-dir, --format, --last, --help, -h\n"),
        (["--last", "2", "--last=3"], "storesim: error: --last is given twice; give it once: --last N\n"),
    ])
    func badOptionsAreRefusedInOneLine(options: [String], error: String) throws {
        let folder = try TemporaryFolder()
        let result = try StoreSimProcess.run(["timeline", "--data-dir", folder.path] + options)
        #expect(result.status == 2)
        #expect(result.stderr == error)
        #expect(result.stdout.isEmpty)
    }

    /// Damage from outside is not dropped in silence: the events around it print, and one
    /// warning names the file, how many lines were skipped and the first's place and problem.
    @Test func damagedLinesAreSkippedAndCountedInOneWarning() throws {
        let folder = try TemporaryFolder()
        let (world, _) = try Self.world(folder)
        let log = world + "/events.log"
        let whole = try String(contentsOfFile: log, encoding: .utf8)
        var lines = whole.split(separator: "\n").map(String.init)
        let offset = lines[..<10].reduce(0) { $0 + $1.utf8.count + 1 }
        lines[10] = "GARBAGE"
        lines.insert(lines[3], at: 20)
        try (lines.joined(separator: "\n") + "\n" + #"{"seq": 99999, "torn"#).write(toFile: log, atomically: true, encoding: .utf8)
        let result = try StoreSimProcess.run(["timeline", "--data-dir", world, "--format", "json"])
        #expect(result.status == 0)
        #expect(result.stderr == "storesim: warning: \(log): 2 lines skipped, not this log's events in order "
            + "(the first at byte \(offset): not an event)\n")
        let printed = result.stdout.components(separatedBy: "\"seq\":").count - 1
        #expect(printed == lines.count - 2, "every other event printed, the torn last line skipped quietly")
    }
}
