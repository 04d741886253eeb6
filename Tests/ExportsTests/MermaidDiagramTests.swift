import Foundation
import IAPCore
import Testing
import TestSupport
@testable import Exports
import WorldCore

/// The timeline as a Mermaid sequence diagram: one arrow per message where it was sent, drawn
/// with its fate (delivered, dropped, or no delivery recorded), the world's other events as
/// notes, and text that no title or reason can turn into Mermaid syntax.
@Suite struct MermaidDiagramTests {
    static let header = ["sequenceDiagram", "    participant App", "    participant Store", "    participant Server", "    participant Cache"]

    /// Events numbered from 1 in the order given.
    private static func events(_ parts: [(Event.Kind, Party, Party?, String, Int?)]) -> [Event] {
        parts.enumerated().map { index, part in
            Event(seq: index + 1, timeMillis: 1_767_225_600_000 + Int64(index) * 10, kind: part.0, from: part.1, to: part.2,
                  text: part.3, subject: nil, sentSeq: part.4)
        }
    }

    /// The diagram's lines, and how many were written before `finish`.
    private static func diagram(_ events: [Event]) -> (lines: [String], beforeFinish: Int) {
        var lines: [String] = []
        let diagram = MermaidDiagram { lines.append($0) }
        events.forEach(diagram.add)
        let written = lines.count
        diagram.finish()
        return (lines, written)
    }

    @Test func eachMessageIsOneArrowWhereItWasSentWithItsFate() {
        let events = Self.events([
            (.command, .user, .app, "tap Buy com.storesim.coins.100, then confirm", nil),
            (.message, .app, .store, "add payment com.storesim.coins.100", nil),
            (.message, .store, .app, "purchased com.storesim.coins.100 tx 1", nil),
            (.delivered, .app, .store, "add payment com.storesim.coins.100", 2),
            (.note, .app, .cache, "save pending order tx 1", nil),
            (.crash, .app, nil, "the app crashed between two messages", nil),
            (.dropped, .store, .app, "purchased com.storesim.coins.100 tx 1 ✗ the app is not running", 3),
            (.note, .server, nil, "credit tx 1: +100 coins", nil),
            (.message, .network, .app, "verification failed for tx 1", nil),
            (.message, .app, .server, "verify tx 1 (com.storesim.coins.100)", nil),
            (.report, .app, nil, "launch recovered 1 purchase:\n  100 Coins (tx 1): credited now", nil),
        ])
        let (lines, _) = Self.diagram(events)
        #expect(lines == Self.header + [
            "    Note over App,Cache: ▸ you: tap Buy com.storesim.coins.100, then confirm",
            "    App->>Store: add payment com.storesim.coins.100",
            "    Store-xApp: purchased com.storesim.coins.100 tx 1 ✗ the app is not running",
            "    App->>Cache: save pending order tx 1",
            "    Note over App: ✗ the app crashed between two messages",
            "    Note over Server: credit tx 1: +100 coins",
            "    Server--)App: verification failed for tx 1 (no delivery recorded)",
            "    App--)Server: verify tx 1 (com.storesim.coins.100) (no delivery recorded)",
            "    Note over App,Cache: ★ launch recovered 1 purchase#58;<br/>  100 Coins (tx 1): credited now",
        ])
    }

    /// A real crash kills the process with messages in flight; the next process sends the same
    /// words again. Deliveries name their message, so the new one is delivered and the old one
    /// has none, and the old one is drawn as soon as the new process's first delivery is read.
    @Test func aMessageLostWithItsProcessDoesNotTakeTheNextOnesDelivery() {
        let events = Self.events([
            (.message, .store, .app, "purchased com.storesim.coins.100 tx 1", nil),
            (.command, .user, .app, "launch (verify-then-finish)", nil),
            (.message, .store, .app, "purchased com.storesim.coins.100 tx 1", nil),
            (.delivered, .store, .app, "purchased com.storesim.coins.100 tx 1", 3),
        ])
        let (lines, beforeFinish) = Self.diagram(events)
        #expect(Array(lines.dropFirst(Self.header.count)) == [
            "    Store--)App: purchased com.storesim.coins.100 tx 1 (no delivery recorded)",
            "    Note over App,Cache: ▸ you: launch (verify-then-finish)",
            "    Store->>App: purchased com.storesim.coins.100 tx 1",
        ])
        #expect(beforeFinish == lines.count)
    }

    /// Logs written before deliveries named their message: a delivery ends the oldest waiting
    /// message that says the same; those before it belonged to a process that ended.
    @Test func aLogWithoutMessageNumbersIsMatchedInTheOrderMessagesWereSent() {
        let events = Self.events([
            (.message, .app, .store, "finish transaction 1", nil),
            (.command, .user, .app, "launch (verify-then-finish)", nil),
            (.message, .app, .server, "verify tx 2 (com.storesim.pro)", nil),
            (.message, .app, .store, "add transaction observer", nil),
            (.dropped, .app, .server, "verify tx 2 (com.storesim.pro) ✗ the Server is down", nil),
            (.delivered, .app, .store, "add transaction observer", nil),
        ])
        #expect(Array(Self.diagram(events).lines.dropFirst(Self.header.count)) == [
            "    App--)Store: finish transaction 1 (no delivery recorded)",
            "    Note over App,Cache: ▸ you: launch (verify-then-finish)",
            "    App-xServer: verify tx 2 (com.storesim.pro) ✗ the Server is down",
            "    App->>Store: add transaction observer",
        ])
    }

    /// A text holding Mermaid's own syntax, HTML, entity codes, comments, directives and
    /// hidden characters comes out as one statement that shows it as written.
    @Test func noTextCanBreakTheDiagram() throws {
        let hostile = #"Coins; #1 "best" & 'more' --> <b>x</b> %%{init: {"theme":"dark"}}%% style:#f00; ¶ß ﬂ° #59; end"#
            + "\nsequenceDiagram\u{1B}[2J\tA->>B: x"
        let events = Self.events([
            (.message, .app, .store, hostile, nil),
            (.note, .app, .cache, hostile, nil),
            (.note, .server, nil, "wrap: " + hostile, nil),
            (.command, .user, .app, hostile, nil),
            (.crash, .app, nil, hostile, nil),
            (.report, .app, nil, "launch recovered 1 purchase:\n  " + hostile, nil),
        ])
        let statements = Array(Self.diagram(events).lines.dropFirst(Self.header.count))
        #expect(statements.count == 6)
        for (index, statement) in statements.enumerated() {
            let text = try #require(MermaidStatement.text(of: statement), "not one statement Mermaid reads: \(statement)")
            #expect(MermaidStatement.isInert(text), "\(statement)")
            // A report's lines are lines of the note; elsewhere a newline is shown escaped.
            let shown = index == 5 ? hostile.split(separator: "\n").map { LineText.escaped(String($0)) }.joined(separator: "\n")
                : LineText.escaped(hostile)
            #expect(MermaidStatement.decoded(text).contains(shown), "\(statement)")
        }
        #expect(!statements[2].contains(": wrap:"), "a text starting with wrap: would be read as an option")
    }

    /// A timeline whose messages are never delivered (a log from before deliveries were
    /// recorded) is not held whole: past `maxHeld` rows the oldest is drawn.
    @Test func theRowsHeldBackAreBounded() {
        let count = MermaidDiagram.maxHeld * 3
        let events = (1...count).map { seq in
            Event(seq: seq, timeMillis: 0, kind: .message, from: .app, to: .store, text: "add payment a", subject: nil)
        }
        let (lines, beforeFinish) = Self.diagram(events)
        #expect(lines.count == Self.header.count + count)
        #expect(beforeFinish >= Self.header.count + count - MermaidDiagram.maxHeld - 1)
    }

    /// Sequence numbers repeated or out of order (a log edited or pasted together) still give
    /// every event its statement, in the log's order.
    @Test func aLogWithRepeatedNumbersStillGivesEveryEvent() {
        let parts: [(Int, Event.Kind, String, Int?)] = [(5, .message, "a", nil), (5, .message, "b", nil), (3, .delivered, "b", 5),
                                                        (2, .message, "c", nil), (9, .dropped, "a ✗ gone", 5), (1, .delivered, "c", nil)]
        let events = parts.map { Event(seq: $0.0, timeMillis: 0, kind: $0.1, from: .app, to: .store, text: $0.2, subject: nil, sentSeq: $0.3) }
        let statements = Self.diagram(events).lines.dropFirst(Self.header.count)
        #expect(statements.map { $0.split(separator: ":").first.map(String.init) ?? "" }.sorted() == ["    App--)Store", "    App->>Store", "    App->>Store"])
        #expect(statements.map { $0.split(separator: " ").last.map(String.init) ?? "" } == ["recorded)", "b", "c"])
    }

    @Test(arguments: [
        ("a;b", "a#59;b"), ("#1", "#35;1"), ("50%", "50#37;"), ("a --> b", "a --#62; b"), (#"say "hi""#, "say #34;hi#34;"),
        ("it's", "it#39;s"), ("<br/>", "#60;br/#62;"), ("Q&A", "Q#38;A"), ("tx 1: ok", "tx 1: ok"), ("a:b", "a#58;b"),
        ("end:", "end#58;"), ("line\nnext", "line\\nnext"), ("nowrap: x", "#110;owrap: x"), ("¶ß", "#182;ß"),
        ("100 金币", "100 金币"),
    ])
    func mermaidTextWritesWhatMermaidWouldReadAsItsCode(_ text: String, _ written: String) {
        #expect(MermaidText.escaped(text) == written)
    }
}
