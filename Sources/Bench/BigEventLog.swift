import Foundation
import IAPCore
import WorldCore

/// An `events.log` of a given size, written directly in the log's own format (one JSON event a
/// line, numbered from 1): a long-lived world's timeline in seconds instead of days.
enum BigEventLog {
    /// Writes a log of at least `bytes` bytes at `path`: the same message, sent again and again.
    static func write(path: String, bytes: Int) throws(BenchError) {
        try BenchError.attempt("a \(bytes >> 20) MB events.log") {
            let (prefix, suffix) = try template()
            guard FileManager.default.createFile(atPath: path, contents: nil),
                  let handle = FileHandle(forWritingAtPath: path) else { throw BenchError("\(path): cannot be created") }
            defer { try? handle.close() }
            var written = 0
            var seq = 0
            while written < bytes {
                var chunk = Data()
                while chunk.count < 4 << 20 {
                    seq += 1
                    chunk.append(prefix)
                    chunk.append(contentsOf: Array(String(seq).utf8))
                    chunk.append(suffix)
                }
                try handle.write(contentsOf: chunk)
                written += chunk.count
            }
        }
    }

    /// An event's line split where its sequence number goes.
    private static func template() throws -> (Data, Data) {
        let marker = 987_654_321_987
        let event = Event(seq: marker, timeMillis: Int64(SimulatedTime.epoch.timeIntervalSince1970 * 1000), kind: .message,
                          from: .app, to: .store, text: "add payment com.storesim.coins.100", subject: nil)
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        let line = String(decoding: try encoder.encode(event), as: UTF8.self)
        guard let range = line.range(of: String(marker)) else { throw BenchError("the event template has no sequence number") }
        return (Data(line[..<range.lowerBound].utf8), Data((line[range.upperBound...] + "\n").utf8))
    }
}
