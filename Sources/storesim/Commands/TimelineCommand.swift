import IAPCore
import Exports
import WorldCore

/// `storesim timeline`: the world's timeline as the transcript, as JSON or as a Mermaid
/// sequence diagram, read from the events log a piece at a time.
enum TimelineCommand {
    static let spec = CommandSpec(
        name: "timeline",
        summary: "Print the world's timeline: as the transcript, as JSON or as a Mermaid sequence diagram.",
        options: [
            Options.dataDir,
            format,
            last,
        ],
        arguments: nil,
        details: """
            Only reads; works beside a running TUI. The events log is read a piece at a time (from
            its end with --last), so a timeline of any length prints in little memory. Lines that
            are not its events in order (damage from outside) are skipped and counted in a warning
            on stderr; a torn last line is skipped quietly. In the
            Mermaid diagram each message is one arrow where it was sent: ->> delivered, -x dropped
            (with the reason), --) no delivery recorded.
            """,
        run: run)

    static let format: Option<Format> = Option(
        "--format", "text|json|mermaid", help: "text (the transcript's lines, the default), json or mermaid",
        reads: .cases(of: "format", listing: .spelled(lead: ": use ")))
    static let last: Option<Int> = Option("--last", "N", help: "only the newest N events", reads: .whole(from: 1, of: "events"))

    /// What `--format` names.
    enum Format: String, CaseIterable {
        case text, json, mermaid
    }

    static func run(_ arguments: ParsedArguments) throws(CLIError) -> Int32 {
        let format = arguments[Self.format] ?? .text
        let last = arguments[Self.last]
        let directory = Options.dataDirectory(arguments[Options.dataDir])
        try Options.checkFiles(directory)
        do {
            try directory.requireWorld()
        } catch {
            throw .input(error.description)
        }
        let store: StoreKind
        do {
            store = try WorldSettings.load(path: directory.settings).store
        } catch {
            throw .input(error.description)
        }
        let (add, finish) = writer(format, store: store)
        var damage: (first: EventLogDamage, count: Int)?
        do {
            try EventLog.forEach(path: directory.events, last: last, damaged: { found in
                damage = (damage?.first ?? found, (damage?.count ?? 0) + 1)
            }, add)
        } catch {
            throw .input(error.description)
        }
        finish()
        if let damage {
            let lines = damage.count == 1 ? "1 line" : "\(damage.count) lines"
            Output.error("warning: \(directory.events): \(lines) skipped, not this log's events in order "
                + "(the first at byte \(damage.first.offset): \(damage.first.problem))")
        }
        return 0
    }

    /// What takes each event and what ends the output, for a format, in a world that sells on `store`.
    private static func writer(_ format: Format, store: StoreKind) -> (add: (Event) -> Void, finish: () -> Void) {
        switch format {
        case .text:
            let transcript = EventTranscript()
            return ({ transcript.lines($0).forEach(Output.line) }, {})
        case .json:
            let json = TimelineJSON(write: Output.line)
            return (json.add, json.finish)
        case .mermaid:
            let diagram = MermaidDiagram(store: store, write: Output.line)
            return (diagram.add, diagram.finish)
        }
    }
}
