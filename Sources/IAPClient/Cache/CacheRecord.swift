import Glibc
import IAPCore
import Storage

/// One line of the cache file: a saved order or the removal of one, with its CRC-32. An order
/// proved by a signed transaction (StoreKit 2) is saved as `save-jws`.
///
///     save<TAB>TRANSACTION<TAB>PRODUCT<TAB>SERVER-PRODUCT-OR--<TAB>RECEIPT<TAB>CRC32
///     save-jws<TAB>TRANSACTION<TAB>PRODUCT<TAB>SERVER-PRODUCT-OR--<TAB>JWS<TAB>CRC32
///     remove<TAB>TRANSACTION<TAB>CRC32
enum CacheRecord: Equatable {
    case save(PendingOrder)
    case remove(transactionId: TransactionID)

    /// The line, with its checksum and newline.
    var line: String {
        let body: String
        switch self {
        case .save(let order):
            let keyword = if case .signedTransaction = order.proof { "save-jws" } else { "save" }
            body = [keyword, order.transactionId.description, order.productId, order.serverProductId ?? "-", order.receipt]
                .joined(separator: "\t")
        case .remove(let id):
            body = "remove\t\(id)"
        }
        return body + "\t" + CRC32.hex(body.utf8) + "\n"
    }

    /// Parses one line's bytes (without its newline); nil when it is damaged: not UTF-8, a
    /// checksum that does not match, a transaction id that is not one. Fields are found with
    /// `memchr`, so that a line with a long receipt costs no per-byte work beyond its checksum.
    init?(bytes line: ArraySlice<UInt8>) {
        let tab = UInt8(ascii: "\t")
        guard line.count > Self.checksumDigits, line[line.endIndex - Self.checksumDigits - 1] == tab else { return nil }
        let body = line[..<(line.endIndex - Self.checksumDigits - 1)]
        guard line[(line.endIndex - Self.checksumDigits)...].elementsEqual(CRC32.hex(body).utf8) else { return nil }
        var texts: [String] = []
        for field in Self.fields(body, separator: tab) {
            guard let text = String(validating: field, as: UTF8.self) else { return nil }
            texts.append(text)
        }
        guard texts.count > 1, let id = TransactionID(texts[1]) else { return nil }
        switch (texts[0], texts.count) {
        case ("save", 5), ("save-jws", 5):
            let proof: PurchaseProof = texts[0] == "save" ? .receipt(texts[4]) : .signedTransaction(texts[4])
            self = .save(PendingOrder(transactionId: id, productId: texts[2],
                                      serverProductId: texts[3] == "-" ? nil : texts[3], proof: proof))
        case ("remove", 2):
            self = .remove(transactionId: id)
        default:
            return nil
        }
    }

    /// The order a long `save` or `save-jws` line names, read from its first bytes and its last
    /// (its checksum's tab): its fields but for the proof, whose bytes the line's checksum also
    /// covers and which are read, and checked, when needed. Nil when those ends are not a save's.
    static func order(head: [UInt8], tail: [UInt8]) -> CachedOrder? {
        let tab = UInt8(ascii: "\t")
        guard tail.count == checksumDigits + 1, tail[0] == tab else { return nil }
        let fields = Self.fields(head[...], separator: tab)
        guard fields.count > 4 else { return nil }
        var texts: [String] = []
        for field in fields.prefix(4) {
            guard let text = String(validating: field, as: UTF8.self) else { return nil }
            texts.append(text)
        }
        guard texts[0] == "save" || texts[0] == "save-jws", let id = TransactionID(texts[1]) else { return nil }
        return CachedOrder(transactionId: id, productId: texts[2], serverProductId: texts[3] == "-" ? nil : texts[3],
                           isSigned: texts[0] == "save-jws")
    }

    /// The hex digits of a line's checksum.
    private static let checksumDigits = 8

    /// `bytes` split at every `separator`, empty fields kept (found with `memchr`).
    static func fields(_ bytes: ArraySlice<UInt8>, separator: UInt8) -> [ArraySlice<UInt8>] {
        let offsets = bytes.withUnsafeBufferPointer { buffer -> [Int] in
            guard let base = buffer.baseAddress else { return [] }
            var found: [Int] = []
            var start = 0
            while start < buffer.count, let hit = memchr(base + start, Int32(separator), buffer.count - start) {
                let offset = base.distance(to: hit.assumingMemoryBound(to: UInt8.self))
                found.append(offset)
                start = offset + 1
            }
            return found
        }
        var fields: [ArraySlice<UInt8>] = []
        var start = bytes.startIndex
        for offset in offsets {
            fields.append(bytes[start..<(bytes.startIndex + offset)])
            start = bytes.startIndex + offset + 1
        }
        fields.append(bytes[start...])
        return fields
    }

    /// Whether a value can be written into a field without breaking the line format.
    static func isStorable(_ value: String) -> Bool {
        !value.isEmpty && !value.utf8.contains(9) && !value.utf8.contains(10)
    }
}
