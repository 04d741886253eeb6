import Foundation
import Testing
import TestSupport

/// `storesim run --mermaid FILE` and `storesim timeline --format mermaid`: the timeline of a
/// crash and its recovery as a Mermaid sequence diagram, checked statement by statement
/// against the events log it was drawn from.
@Suite struct MermaidExportTests {
    /// One event of `events.log`, read as JSON (independently of StoreSim's own types).
    private struct LoggedEvent {
        let object: [String: Any]
        var kind: String { object["kind"] as? String ?? "" }
        var from: String { object["from"] as? String ?? "" }
        var to: String? { object["to"] as? String }
        var text: String { object["text"] as? String ?? "" }
        var seq: Int { object["seq"] as? Int ?? 0 }
        var sentSeq: Int? { object["sentSeq"] as? Int }
    }

    private static func events(_ world: String) throws -> [LoggedEvent] {
        try String(contentsOfFile: world + "/events.log", encoding: .utf8).split(separator: "\n").map { line in
            LoggedEvent(object: try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any] ?? [:])
        }
    }

    /// The participant a party is drawn on, as on the TUI's lanes; none for the user.
    private static func lane(_ party: String?) -> String? {
        switch party {
        case "App", "Store", "Server", "Cache": party
        case "Network": "Server"
        default: nil
        }
    }

    /// What the diagram must say for an event, in the timeline's order: the statement's start and
    /// the words its text begins with; nil for a delivery or a drop, which only ends a message.
    private static func expected(_ event: LoggedEvent, endings: [Int: LoggedEvent]) -> (start: String, words: String)? {
        switch event.kind {
        case "message":
            let ending = endings[event.seq]
            let head = ending?.kind == "delivered" ? "->>" : ending?.kind == "dropped" ? "-x" : "--)"
            return ("\(lane(event.from) ?? "?")\(head)\(lane(event.to) ?? "?")", ending?.text ?? event.text)
        case "note":
            if let from = lane(event.from), let to = lane(event.to), from != to { return ("\(from)->>\(to)", event.text) }
            return ("Note over \(lane(event.from) ?? "App")", event.text)
        case "command": return ("Note over App,Cache", "▸ you: " + event.text)
        case "crash": return ("Note over App", "✗ " + event.text)
        case "report": return ("Note over App,Cache", "★ " + event.text)
        default: return nil
        }
    }

    private static func run(_ folder: TemporaryFolder, _ script: String, options: [String] = []) throws -> (world: String, diagram: [String]) {
        let world = folder.file("world")
        let file = folder.file("timeline.mmd")
        let result = try StoreSimProcess.run(["run", "--data-dir", world, "--mermaid", file] + options + [script])
        #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
        let diagram = try String(contentsOfFile: file, encoding: .utf8)
        #expect(diagram.hasSuffix("\n"))
        return (world, diagram.split(separator: "\n", omittingEmptySubsequences: false).dropLast().map(String.init))
    }

    @Test func aCrashAndItsRecoveryIsTheirTimelineStatementByStatement() throws {
        let folder = try TemporaryFolder()
        let (world, diagram) = try Self.run(folder, try folder.write("story.scenario", TimelineCommandTests.story))
        #expect(Array(diagram.prefix(5)) == ["sequenceDiagram", "    participant App", "    participant Store", "    participant Server",
                                             "    participant Cache"])
        let events = try Self.events(world)
        let endings = Dictionary(events.compactMap { event in event.sentSeq.map { ($0, event) } }, uniquingKeysWith: { first, _ in first })
        let expected = events.compactMap { Self.expected($0, endings: endings) }
        let statements = Array(diagram.dropFirst(5))
        #expect(statements.count == expected.count)
        for (statement, wanted) in zip(statements, expected) {
            let text = try #require(MermaidStatement.text(of: statement), "not a statement Mermaid reads: \(statement)")
            #expect(statement.hasPrefix("    \(wanted.start): "), "\(statement) should start \(wanted.start)")
            #expect(MermaidStatement.decoded(text).hasPrefix(wanted.words.split(separator: "\n").first.map(String.init) ?? ""),
                    "\(statement) should say \(wanted.words)")
        }
        let arrows = statements.filter { $0.contains(/^    \w+(->>|-x|--\))\w+:[ ]/) }
        let messages = events.count { $0.kind == "message" }
        let cacheWrites = events.count { $0.kind == "note" && $0.to == "Cache" }
        #expect(arrows.count == messages + cacheWrites, "one arrow per message sent and per cache write")
        #expect(arrows.count { $0.contains(/^    \w+-x\w+:[ ]/) } == events.count { $0.kind == "dropped" })
        #expect(arrows.count { $0.contains(/^    \w+--\)\w+:[ ]/) } == 0, "a finished run delivered or dropped every message")
        #expect(statements.contains("    Note over App: ✗ the app crashed at cached: the app has saved the pending order to its cache"))
        #expect(statements.contains("    Note over App: ✗ the app crashed between two messages"))
        #expect(statements.count { $0 == "    Note over App,Cache: ▸ you: launch (verify-then-finish)" } == 3)
        #expect(statements.count { $0.hasPrefix("    Note over App,Cache: ★ launch recovered ") } == 2)
        #expect(diagram == Self.lines(try StoreSimProcess.run(["timeline", "--data-dir", world, "--format", "mermaid"]).stdout),
                "the world's timeline is this run's: the same diagram")
    }

    private static func lines(_ text: String) -> [String] {
        text.split(separator: "\n", omittingEmptySubsequences: false).dropLast().map(String.init)
    }

    /// A product title made of Mermaid's syntax, HTML, entity codes, a directive and its
    /// placeholders reaches the diagram in the recovery report, and stays words.
    @Test func aHostileTitleCannotBreakTheDiagram() throws {
        let folder = try TemporaryFolder()
        let title = #"100 Coins; #1 "best" & 'more' --> <b>x</b> %%{init: {"theme":"dark"}}%% style:#f00; ¶ß ﬂ° #59; end"#
        let project = try String(contentsOf: StoreSimProcess.projectRoot.appendingPathComponent("catalog.json"), encoding: .utf8)
        let quoted = String(decoding: try JSONSerialization.data(withJSONObject: [title], options: .withoutEscapingSlashes), as: UTF8.self)
        let catalog = try folder.write("hostile.json", project.replacingOccurrences(of: #""title": "100 Coins""#,
                                                                                      with: #""title": "# + quoted.dropFirst().dropLast()))
        let script = StoreSimProcess.projectRoot.appendingPathComponent("Scenarios/crash-after-cache.scenario").path
        let (_, diagram) = try Self.run(folder, script, options: ["--catalog", catalog])
        let statements = diagram.dropFirst(5)
        for statement in statements {
            let text = try #require(MermaidStatement.text(of: statement), "not a statement Mermaid reads: \(statement)")
            #expect(MermaidStatement.isInert(text), "\(statement)")
        }
        let report = try #require(statements.first { $0.contains("★ launch recovered") })
        #expect(MermaidStatement.decoded(MermaidStatement.text(of: report) ?? "").contains(title + " (tx 1000000000000001"))
    }
}
