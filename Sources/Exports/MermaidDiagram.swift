import IAPCore
import WorldCore

/// A timeline as a Mermaid `sequenceDiagram` across App, Store (Play), Server and Cache, written as the
/// events come. Each message is one arrow where it was sent: solid (`->>`) when it was
/// delivered, crossed (`-x`, with the reason) when it was dropped, dotted and open (`--)`) when
/// the timeline holds no delivery for it (it was in flight when its process ended, or still
/// is). A cache write is an arrow to Cache; a crash or a power cut a note over App; a command
/// (a launch among them) and a recovery report a note across all four. An arrow waits for its
/// message's fate, a few events later, so the diagram holds the events since the oldest message
/// still on its way, never the whole timeline.
public final class MermaidDiagram {
    /// The diagram's participants, left to right, as the TUI's lanes: Play in the Store's place
    /// in a world that sells on Google Play.
    public static func participants(on store: StoreKind) -> [Party] {
        [.app, store == .play ? .play : .store, .server, .cache]
    }
    /// The most rows held back behind a message whose fate is not yet read; past it, the oldest
    /// such message is drawn as having no delivery recorded.
    static let maxHeld = 10_000

    private enum Fate {
        case delivered
        case dropped(reason: String)
        case unrecorded
    }

    private enum Row {
        case line(String)
        case message(Event, Fate?)
    }

    private let write: (String) -> Void
    /// The rows not yet let go of: `held[i]` is the diagram's row `base + i`; those before
    /// `head` are written.
    private var held: [Row] = []
    private var base = 0
    private var head = 0
    /// The rows of messages whose fate is not yet read, oldest first (a decided one is skipped).
    private var waiting: [Int] = []
    private var waitingHead = 0
    /// The row of each waiting message, by its sequence number.
    private var rowOfSeq: [Int: Int] = [:]

    /// Starts a diagram of a world that sells on `store`: writes its header and participants.
    public init(store: StoreKind = .appStore, write: @escaping (String) -> Void) {
        self.write = write
        write("sequenceDiagram")
        for party in Self.participants(on: store) {
            write("    participant \(party.rawValue)")
        }
    }

    /// Adds the next event of the timeline.
    public func add(_ event: Event) {
        switch event.kind {
        case .message:
            rowOfSeq[event.seq] = base + held.count
            waiting.append(base + held.count)
            held.append(.message(event, nil))
        case .delivered, .dropped:
            settle(event, event.kind == .delivered ? .delivered : .dropped(reason: event.text))
        case .note, .command, .crash, .report:
            held.append(.line(Self.line(for: event)))
        }
        if held.count - head > Self.maxHeld, let oldest = oldestWaiting() {
            decide(oldest.row, .unrecorded)
        }
        flush()
    }

    /// Ends the diagram: a message with no delivery read by now has none recorded.
    public func finish() {
        while let oldest = oldestWaiting() {
            decide(oldest.row, .unrecorded)
        }
        flush()
    }

    /// Reads a delivery or a drop: it ends the message it names (in a log from before deliveries
    /// named their message, the oldest waiting one that says the same). Messages are delivered in
    /// the order they were sent, so a message still waiting that was sent before it belonged to a
    /// process that ended with it in flight.
    private func settle(_ delivery: Event, _ fate: Fate) {
        let row = delivery.sentSeq.map { rowOfSeq[$0] }
            ?? waiting[waitingHead...].first { waitingMessage($0).map { Self.ends(delivery, $0) } ?? false }
        guard let sent = delivery.sentSeq ?? row.flatMap(waitingMessage)?.seq else { return }
        while let oldest = oldestWaiting(), oldest.seq < sent, oldest.row != row {
            decide(oldest.row, .unrecorded)
        }
        if let row {
            decide(row, fate)
        }
    }

    /// Whether `delivery` (recorded without the number of its message) tells of `message`: the
    /// same message delivered or dropped; in a log written before events were typed, a line that
    /// repeats the message's words (and, for a drop, adds why after ` ✗ `).
    private static func ends(_ delivery: Event, _ message: Event) -> Bool {
        guard delivery.from == message.from, delivery.to == message.to else { return false }
        switch (delivery.what, message.what) {
        case (.message(let delivered), .message(let sent)), (.notDelivered(let delivered, _), .message(let sent)):
            return delivered == sent
        case (.legacy(let delivered), .legacy(let sent)):
            return delivered == sent || delivered.hasPrefix(sent + " ✗ ")
        default:
            return false
        }
    }

    /// The message at `row`, while its fate is not yet read.
    private func waitingMessage(_ row: Int) -> Event? {
        guard row >= base, case .message(let message, nil) = held[row - base] else { return nil }
        return message
    }

    /// The oldest message whose fate is not yet read: its row and sequence number.
    private func oldestWaiting() -> (row: Int, seq: Int)? {
        while waitingHead < waiting.count {
            if let message = waitingMessage(waiting[waitingHead]) { return (waiting[waitingHead], message.seq) }
            waitingHead += 1
        }
        return nil
    }

    private func decide(_ row: Int, _ fate: Fate) {
        guard let message = waitingMessage(row) else { return }
        held[row - base] = .message(message, fate)
        if rowOfSeq[message.seq] == row { rowOfSeq[message.seq] = nil }
    }

    /// Writes every row up to the first message whose fate is not yet read.
    private func flush() {
        while head < held.count {
            switch held[head] {
            case .line(let line): write(line)
            case .message(let event, let fate?): write(Self.arrow(event, fate))
            case .message(_, nil): return compact()
            }
            head += 1
        }
        compact()
    }

    /// Lets go of written rows and decided messages in batches.
    private func compact() {
        if head > 1024, head * 2 > held.count {
            held.removeFirst(head)
            base += head
            head = 0
        }
        if waitingHead > 1024, waitingHead * 2 > waiting.count {
            waiting.removeFirst(waitingHead)
            waitingHead = 0
        }
    }

    private static func arrow(_ event: Event, _ fate: Fate) -> String {
        let (head, text) = switch fate {
        case .delivered: ("->>", event.text)
        case .dropped(let reason): ("-x", reason)
        case .unrecorded: ("--)", event.text + " (no delivery recorded)")
        }
        guard let from = lane(event.from), let to = event.to.flatMap(lane), from != to else {
            return note(over: lane(event.from) ?? .app, text)
        }
        return "    \(from.rawValue)\(head)\(to.rawValue): \(statement(text))"
    }

    private static func line(for event: Event) -> String {
        switch event.kind {
        case .crash:
            return note(over: .app, "✗ " + event.text)
        case .command:
            return note(over: .app, through: .cache, "▸ you: " + event.text)
        case .report:
            let lines = event.text.split(separator: "\n", omittingEmptySubsequences: false).map { MermaidText.escaped(String($0)) }
            return "    Note over App,Cache: ★ " + lines.joined(separator: "<br/>")
        default:
            if let from = lane(event.from), let to = event.to.flatMap(lane), from != to {
                return "    \(from.rawValue)->>\(to.rawValue): \(statement(event.text))"
            }
            return note(over: lane(event.from) ?? .app, event.text)
        }
    }

    private static func note(over party: Party, through last: Party? = nil, _ text: String) -> String {
        "    Note over \(party.rawValue)\(last.map { "," + $0.rawValue } ?? ""): \(statement(text))"
    }

    /// A statement's text, escaped; never empty, which Mermaid would not read.
    private static func statement(_ text: String) -> String {
        text.isEmpty ? "…" : MermaidText.escaped(text)
    }

    /// The participant whose lifeline stands for a party: the network's failures come from the
    /// Server's side, as on the TUI; the user has none.
    private static func lane(_ party: Party) -> Party? {
        switch party {
        case .app, .store, .play, .server, .cache: return party
        case .network: return .server
        case .user: return nil
        }
    }
}
