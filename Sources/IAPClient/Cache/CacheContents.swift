import IAPCore

/// What a cache file holds once read: the live orders, and what was set aside while reading.
public struct CacheContents: Sendable, Equatable {
    /// Live orders, oldest first.
    public var orders: [PendingOrder]
    /// Problems met while reading, each naming the line: a torn last record, damaged records.
    public var warnings: [CacheWarning]
    /// Damaged lines (with their newline), to copy to the quarantine file.
    var damagedLines: [[UInt8]]
    /// Whether the file must be rewritten clean: it ends in a torn record or holds damaged ones.
    var needsRewrite: Bool
    /// How many records the file holds, live or dead.
    var recordCount: Int

    /// The first line every cache file is written with.
    static let header = CacheFormat.current.header
    static let empty = CacheContents(orders: [], warnings: [], damagedLines: [], needsRewrite: false, recordCount: 0)

    /// Parses the bytes of a cache file in either version; refuses an unknown one. A record is torn
    /// only when it is the last one and its newline never made it to disk; any other bad record
    /// (bad checksum, not UTF-8) is damaged and set aside for the quarantine file.
    static func parse(_ bytes: [UInt8], path: String) throws(CacheError) -> CacheContents {
        var lines = CacheRecord.fields(bytes[...], separator: UInt8(ascii: "\n"))
        let endsWithNewline = lines.last?.isEmpty == true
        if endsWithNewline { lines.removeLast() }
        // An empty file has no header yet: it is an empty cache, written again with one before
        // anything is appended to it.
        guard let firstBytes = lines.first else {
            return CacheContents(orders: [], warnings: [], damagedLines: [], needsRewrite: true, recordCount: 0)
        }
        let format = try CacheFormat(header: firstBytes, path: path)
        var contents = CacheContents.empty
        var live: [TransactionID: (saved: Int, order: PendingOrder)] = [:]
        for (offset, lineBytes) in lines.enumerated().dropFirst() {
            let torn = offset == lines.count - 1 && !endsWithNewline
            if torn {
                contents.needsRewrite = true
            }
            guard let record = CacheRecord(bytes: lineBytes, format: format) else {
                if torn {
                    contents.warnings.append(.tornLastRecord(line: offset + 1))
                } else {
                    contents.damagedLines.append(Array(lineBytes) + [UInt8(ascii: "\n")])
                    contents.warnings.append(.damagedRecord(line: offset + 1))
                }
                contents.needsRewrite = true
                continue
            }
            contents.recordCount += 1
            switch record {
            case .save(let pending):
                live[pending.transactionId] = (contents.recordCount, pending)
            case .remove(let id):
                live[id] = nil
            }
        }
        contents.orders = live.values.sorted { $0.saved < $1.saved }.map(\.order)
        return contents
    }
}
