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
        guard let bytes = try DurableFile.read(path) else { return [] }
        return decode(bytes[...], last: Int.max)
    }

    /// The newest `count` events in the file at `path`: only the file's last `maxTailBytes` are
    /// read and only those events decoded, so a long log stays on disk rather than in memory.
    public static func readLast(_ count: Int, path: String) throws(StorageError) -> [Event] {
        guard let bytes = try tail(of: path) else { return [] }
        return decode(bytes, last: count)
    }

    private static func decode(_ bytes: ArraySlice<UInt8>, last count: Int) -> [Event] {
        let decoder = JSONDecoder()
        return bytes.split(separator: UInt8(ascii: "\n")).suffix(count).compactMap {
            try? decoder.decode(Event.self, from: Data($0))
        }
    }

    /// The most bytes `readLast` reads from the end of the log: thousands of events.
    static let maxTailBytes = 8 << 20

    /// The whole file when it is small, else its last `maxTailBytes` from the first line that
    /// starts in them; nil when there is no file.
    private static func tail(of path: String) throws(StorageError) -> ArraySlice<UInt8>? {
        var info = stat()
        guard stat(path, &info) == 0, Int(info.st_size) > maxTailBytes else {
            return try DurableFile.read(path)?[...]
        }
        guard let handle = FileHandle(forReadingAtPath: path) else {
            throw StorageError(path: path, problem: "cannot be read: \(String(cString: strerror(errno)))")
        }
        defer { try? handle.close() }
        let bytes: [UInt8]
        do {
            try handle.seek(toOffset: UInt64(Int(info.st_size) - maxTailBytes))
            bytes = Array(try handle.read(upToCount: maxTailBytes) ?? Data())
        } catch {
            throw StorageError(path: path, problem: "cannot be read: \(error.localizedDescription)")
        }
        let firstLine = bytes.firstIndex(of: UInt8(ascii: "\n")).map { $0 + 1 } ?? bytes.endIndex
        return bytes[firstLine...]
    }
}
