import Foundation
import IAPCore
import Storage

/// The timeline on disk: one JSON line per event, appended with `write(2)` so that it survives
/// a process kill (it is a record for people, not a party's state, so it is not fsynced).
public final class EventLog {
    public let path: String
    private let file: AppendOnlyFile
    public private(set) var lastSeq: Int
    public private(set) var lastTimeMillis: Int64
    private let encoder = Event.encoder()
    /// The sequence numbers a log may hold: far more than any world records, far from overflow.
    static let seqRange = 0...(1 << 50)

    public init(path: String) throws(StorageError) {
        self.path = path
        let tail = try Self.readLast(1, path: path).last
        lastSeq = tail?.seq ?? 0
        lastTimeMillis = tail?.timeMillis ?? 0
        guard Self.seqRange.contains(lastSeq) else {
            throw StorageError(path: path, problem: "last event: $.seq: must be a whole number from 0 to \(Self.seqRange.upperBound)")
        }
        guard tail == nil || SimulatedTime.millisRange.contains(lastTimeMillis) else {
            let range = SimulatedTime.millisRange
            throw StorageError(path: path, problem: "last event: $.timeMillis: must be a whole number from \(range.lowerBound) to \(range.upperBound)")
        }
        file = try AppendOnlyFile(path: path, syncs: false)
    }

    /// Appends an event and returns it with its sequence number.
    func append(kind: Event.Kind, timeMillis: Int64, from: Party, to: Party?, text: String,
                subject: MessageSubject?, sentSeq: Int?) throws(StorageError) -> Event {
        lastSeq += 1
        lastTimeMillis = timeMillis
        let event = Event(seq: lastSeq, timeMillis: timeMillis, kind: kind, from: from, to: to, text: text, subject: subject,
                          sentSeq: sentSeq)
        let data = (try? encoder.encode(event)) ?? Data()
        try file.append(Array(data) + [UInt8(ascii: "\n")])
        return event
    }

    /// Every event in the file at `path`, read whole: for tools and tests, never for a world or
    /// a screen; lines that do not parse (a torn last line) are skipped.
    public static func readAll(path: String) throws(StorageError) -> [Event] {
        guard let bytes = try DurableFile.read(path) else { return [] }
        return decodeNewest(bytes.split(separator: UInt8(ascii: "\n"))[...], count: Int.max)
    }

    /// The newest `count` events in the file at `path`, oldest first: the file is read from its
    /// end, only as far as those events reach (at most `maxTailBytes`), so a long log stays on
    /// disk. Lines that do not parse (a torn last line) are skipped and do not count.
    public static func readLast(_ count: Int, path: String) throws(StorageError) -> [Event] {
        guard count > 0, let lines = try FileTail.lines(count, of: path, limit: maxTailBytes) else { return [] }
        return decodeNewest(lines[...], count: count)
    }

    /// The most bytes `readLast` reads from the end of the log: thousands of events.
    static let maxTailBytes = 8 << 20

    /// Calls `body` with each event of the log at `path`, oldest first, or with only the newest
    /// `last`: the file is read a chunk at a time, from where those events begin, so a log of any
    /// size is shown in bounded memory. Lines that do not parse (a torn last line) are skipped
    /// and do not count; nothing happens when there is no log.
    public static func forEach(path: String, last: Int? = nil, _ body: (Event) -> Void) throws(StorageError) {
        let decoder = JSONDecoder()
        var range: (offset: Int, end: Int)?
        if let last {
            guard last > 0, let start = try FileTail.start(ofLast: last, of: path, maxLineBytes: maxLineBytes, counts: { line in
                (try? decoder.decode(Event.self, from: Data(line))) != nil
            }) else { return }
            range = start
        }
        try FileLines.forEach(of: path, from: range?.offset ?? 0, to: range?.end, maxLineBytes: maxLineBytes) { line in
            if let event = try? decoder.decode(Event.self, from: Data(line)) { body(event) }
        }
    }

    /// The longest line `forEach` reads: a recovery report of thousands of purchases fits.
    static let maxLineBytes = 4 << 20

    /// Decodes lines from the newest back until `count` events are found; oldest first.
    private static func decodeNewest(_ lines: ArraySlice<ArraySlice<UInt8>>, count: Int) -> [Event] {
        let decoder = JSONDecoder()
        var newest: [Event] = []
        for line in lines.reversed() {
            guard newest.count < count else { break }
            if let event = try? decoder.decode(Event.self, from: Data(line)) { newest.append(event) }
        }
        return newest.reversed()
    }
}
