import Foundation
import IAPCore
import Storage

/// The timeline on disk: one JSON line per event (its English words, and what happened as a
/// typed value), appended with `write(2)` so that it survives a process kill (it is a record for
/// people, not a party's state, so it is not fsynced).
public final class EventLog {
    public let path: String
    private let file: AppendOnlyFile
    public private(set) var lastSeq: Int
    public private(set) var lastTimeMillis: Int64
    /// Whether the file ends inside a line (a torn write, or bytes from outside): the next event
    /// then starts with a newline, so that it is a line of its own, not glued onto that one.
    private var endsMidLine = false
    /// The sequence numbers a log may hold: far more than any world records, far from overflow.
    static let seqRange = 0...(1 << 50)

    public init(path: String) throws(StorageError) {
        self.path = path
        var tail: Event?
        var damage: EventLogDamage?
        try Self.forEach(path: path, last: 1, damaged: { damage = $0 }) { tail = $0 }
        if tail == nil, let damage {
            throw StorageError(path: path, problem: "last event: \(damage.problem)")
        }
        lastSeq = tail?.seq ?? 0
        lastTimeMillis = tail?.timeMillis ?? 0
        guard Self.seqRange.contains(lastSeq) else {
            throw StorageError(path: path, problem: "last event: $.seq: must be a whole number from 0 to \(Self.seqRange.upperBound)")
        }
        file = try AppendOnlyFile(path: path, syncs: false)
        let size = try file.size()
        if size > 0 {
            endsMidLine = try FileLineEnds.bytes(of: path, at: size - 1, length: 1) != [UInt8(ascii: "\n")]
        }
    }

    /// Lines appended while held, not yet written (`writeHeld`).
    private var heldLines: [UInt8] = []

    /// How many bytes of lines are held.
    var heldBytes: Int { heldLines.count }

    /// Appends an event and returns it with its sequence number; with `holding`, its line is
    /// kept to be written with the others held by `writeHeld`.
    func append(kind: Event.Kind, timeMillis: Int64, from: Party, to: Party?, what: Happening, text: String? = nil,
                subject: MessageSubject?, sentSeq: Int?, verifyReceiptResponse: String? = nil,
                holding: Bool = false) throws(StorageError) -> Event {
        lastSeq += 1
        lastTimeMillis = timeMillis
        let event = Event(seq: lastSeq, timeMillis: timeMillis, kind: kind, from: from, to: to, what: what, text: text, subject: subject,
                          sentSeq: sentSeq, verifyReceiptResponse: verifyReceiptResponse)
        if holding {
            event.appendJSONLine(to: &heldLines, withWhat: true)
            heldLines.append(UInt8(ascii: "\n"))
        } else {
            try write(event.jsonLine + [UInt8(ascii: "\n")])
        }
        return event
    }

    /// Writes the held lines, in order, with one `write(2)`.
    func writeHeld() throws(StorageError) {
        guard !heldLines.isEmpty else { return }
        defer { heldLines.removeAll(keepingCapacity: true) }
        try write(heldLines)
    }

    /// Appends whole lines to the file, after a newline when it ends inside a line.
    private func write(_ lines: [UInt8]) throws(StorageError) {
        try file.append(endsMidLine ? [UInt8(ascii: "\n")] + lines : lines)
        endsMidLine = false
    }

    /// Every event in the file at `path`, oldest first: for tools and tests, never for a world
    /// or a screen; lines that do not parse (a torn last line) are skipped.
    public static func readAll(path: String) throws(StorageError) -> [Event] {
        var events: [Event] = []
        try forEach(path: path) { events.append($0) }
        return events
    }

    /// The newest `count` events in the file at `path`, oldest first, read from the file's end
    /// (see `forEach`), so a long log stays on disk.
    public static func readLast(_ count: Int, path: String) throws(StorageError) -> [Event] {
        var events: [Event] = []
        try forEach(path: path, last: count) { events.append($0) }
        return events
    }

    /// Calls `body` with each event of the log at `path`, oldest first, or with only the newest
    /// `last`: the file is read a chunk at a time, from where those events begin, so a log of any
    /// size is shown in bounded memory. A torn last line (a write cut short, no longer than an
    /// event) is skipped quietly; any other line that is not an event, or an event out of order,
    /// is skipped and told to `damaged` (what the reader says of it). Reading from the end refuses
    /// a log whose newest events lie behind more than `tailLimits` of lines that are not events.
    /// Nothing happens when there is no log.
    public static func forEach(path: String, last: Int? = nil, damaged: ((EventLogDamage) -> Void)? = nil,
                               _ body: (Event) -> Void) throws(StorageError) {
        let decoder = JSONDecoder()
        var range: (offset: Int, end: Int)?
        if let last {
            guard last > 0, let start = try FileTail.start(ofLast: last, of: path, limits: tailLimits, counts: { line in
                (try? decoder.decode(Event.self, from: Data(line))) != nil
            }) else { return }
            if let stretch = start.stretch {
                throw StorageError(path: path, problem: EventLogDamage.unreadable(stretch, fileEnd: start.end))
            }
            range = (start.offset, start.end)
        }
        var previous: Event?
        try FileLines.forEach(of: path, from: range?.offset ?? 0, to: range?.end, maxLineBytes: maxLineBytes) { line in
            switch EventLogDamage.read(line, after: previous, decoder) {
            case .success(let event):
                previous = event
                body(event)
            case .failure(let damage):
                if line.terminated || line.bytes == nil { damaged?(damage) }
            }
        }
    }

    /// The longest line `forEach` reads: a recovery report of thousands of purchases fits.
    static let maxLineBytes = 4 << 20
    /// How far reading from the end goes through lines that are not events before it gives up:
    /// room for a longest line damaged and a longest line torn, or for many short damaged lines.
    static let tailLimits = TailLimits(lineBytes: maxLineBytes, stretchLines: 1000, stretchBytes: 2 * maxLineBytes)
}
