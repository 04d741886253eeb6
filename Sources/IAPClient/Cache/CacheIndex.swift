import IAPCore
import Storage

/// A live order in the app's open cache: its fields, and its proof once in memory (saved this
/// session, or its record short enough to be read whole when the file was opened); otherwise
/// where its record lies in the file, read and checked against its checksum when first needed.
struct CacheSlot {
    let order: CachedOrder
    var proof: PurchaseProof?
    var place: RecordPlace?
}

/// Where a record lies in the cache file: its first byte, its length without the newline, and
/// its line number (for warnings).
struct RecordPlace: Equatable {
    let offset: Int
    let length: Int
    let line: Int
}

/// The cache file as the app opens it, read from each record's ends: a record up to
/// `wholeRecordBytes` is read whole and checked against its checksum, as `CacheContents.parse`
/// does; a longer one (a receipt that lists many unfinished purchases) is indexed from its
/// fields and its checksum's place, and its receipt is neither held nor checked until used.
/// In version 2 such a record is stepped over by the length it gives (`CacheFormat.skip`), so
/// opening reads each long record's ends alone; in version 1 it costs one pass at the speed of
/// `memchr`. Neither checksums nor copies every receipt.
struct CacheIndex {
    var slots: [CacheSlot] = []
    var warnings: [CacheWarning] = []
    var damagedLines: [[UInt8]] = []
    var needsRewrite = false
    var recordCount = 0
    /// The version the file is written in; a version-1 file needs rewriting.
    var format = CacheFormat.current

    static let wholeRecordBytes = 4096

    /// Indexes the cache file at `path`; a missing file is an empty cache. Each line is indexed
    /// as it is read, so a long record's first bytes are let go before the next is read.
    static func scan(path: String) throws(CacheError) -> CacheIndex {
        var scan = Scan(path: path)
        do {
            try FileLineEnds.forEach(of: path, headBytes: wholeRecordBytes, tailBytes: CacheFormat.tailBytes,
                                     atMost: PendingOrderCache.maximumBytes, skip: CacheFormat.skip) { scan.take($0) }
        } catch {
            throw CacheError(path: path, problem: error.problem)
        }
        return try scan.finish()
    }

    /// A scan in progress: the header read, then each record, in the file's order.
    private struct Scan {
        let path: String
        var index = CacheIndex()
        var lines = 0
        /// The live orders' slots in the order they were saved; a slot saved again or removed
        /// leaves a hole at its earlier place.
        var saved: [CacheSlot?] = []
        /// Where each live order's slot is in `saved`.
        var place: [TransactionID: Int] = [:]
        /// The first failure: the lines after it are not looked at.
        var failure: CacheError?

        init(path: String) {
            self.path = path
        }

        mutating func take(_ line: LineEnds) {
            guard failure == nil else { return }
            lines += 1
            do {
                guard lines > 1 else {
                    index.format = try CacheFormat(header: line.head, path: path)
                    // A header without its newline (the app died writing it) is written again.
                    index.needsRewrite = index.format != CacheFormat.current || !line.terminated
                    return
                }
                // Only the last line can lack its newline: it is torn.
                let torn = !line.terminated
                if torn { index.needsRewrite = true }
                guard var read = try index.read(line, number: lines, torn: torn, path: path) else { return }
                // A long record that saves an order again is checked now: were it damaged, the
                // order's earlier save would have to stay, as a whole read keeps it.
                if case .save(let long) = read, long.place != nil, place[long.order.transactionId] != nil {
                    guard let checked = try index.read(line, number: lines, torn: torn, path: path, whole: true) else { return }
                    read = checked
                }
                index.recordCount += 1
                switch read {
                case .save(let slot):
                    let id = slot.order.transactionId
                    if let earlier = place[id] { saved[earlier] = nil }
                    place[id] = saved.count
                    saved.append(slot)
                case .remove(let id):
                    if let earlier = place.removeValue(forKey: id) { saved[earlier] = nil }
                }
            } catch {
                failure = error
            }
        }

        func finish() throws(CacheError) -> CacheIndex {
            if let failure { throw failure }
            var index = index
            // An empty (or missing) file is an empty cache, written with its header before
            // anything is appended to it.
            if lines == 0 { index.needsRewrite = true }
            // In the order they were saved.
            index.slots = saved.compactMap { $0 }
            return index
        }
    }

    private enum Read {
        case save(CacheSlot)
        case remove(TransactionID)
    }

    /// One record: a long version-2 save indexed from its ends (unless `whole`), anything else
    /// read whole and checked.
    private mutating func read(_ line: LineEnds, number: Int, torn: Bool, path: String, whole: Bool = false) throws(CacheError) -> Read? {
        if !whole, line.length > Self.wholeRecordBytes && !torn,
           let order = CacheRecord.order(head: line.head, tail: line.tail) {
            return .save(CacheSlot(order: order, proof: nil, place: RecordPlace(offset: line.offset, length: line.length, line: number)))
        }
        let bytes: [UInt8]
        if line.length <= Self.wholeRecordBytes {
            bytes = line.head
        } else {
            do {
                bytes = try FileLineEnds.bytes(of: path, at: line.offset, length: line.length)
            } catch {
                throw CacheError(path: path, problem: error.problem)
            }
        }
        switch CacheRecord(bytes: bytes[...], format: format) {
        case .save(let order):
            return .save(CacheSlot(order: CachedOrder(order), proof: order.proof, place: nil))
        case .remove(let id):
            return .remove(id)
        case nil:
            if torn {
                warnings.append(.tornLastRecord(line: number))
            } else {
                damagedLines.append(bytes + [UInt8(ascii: "\n")])
                warnings.append(.damagedRecord(line: number))
            }
            needsRewrite = true
            return nil
        }
    }
}
