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
    private let encoder = JSONEncoder()

    public init(path: String) throws(StorageError) {
        self.path = path
        let tail = try Self.readLast(1, path: path).last
        lastSeq = tail?.seq ?? 0
        lastTimeMillis = tail?.timeMillis ?? 0
        file = try AppendOnlyFile(path: path, syncs: false)
        encoder.outputFormatting = .sortedKeys
    }

    /// Appends an event and returns it with its sequence number.
    func append(kind: Event.Kind, timeMillis: Int64, from: Party, to: Party?, text: String,
                transactionId: String?) throws(StorageError) -> Event {
        lastSeq += 1
        lastTimeMillis = timeMillis
        let event = Event(seq: lastSeq, timeMillis: timeMillis, kind: kind, from: from, to: to, text: text,
                          transactionId: transactionId)
        let data = (try? encoder.encode(event)) ?? Data()
        try file.append(Array(data) + [UInt8(ascii: "\n")])
        return event
    }

    /// Every event in the file at `path`; lines that do not parse (a torn last line) are skipped.
    public static func readAll(path: String) throws(StorageError) -> [Event] {
        try readLast(Int.max, path: path)
    }

    /// The newest `count` events in the file at `path`: only those are decoded, so a long log
    /// stays on disk rather than in memory.
    public static func readLast(_ count: Int, path: String) throws(StorageError) -> [Event] {
        guard let bytes = try DurableFile.read(path) else { return [] }
        let decoder = JSONDecoder()
        return bytes.split(separator: UInt8(ascii: "\n")).suffix(count).compactMap {
            try? decoder.decode(Event.self, from: Data($0))
        }
    }
}
