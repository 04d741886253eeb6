import Glibc
import IAPCore
import Storage

/// One line of the cache file: a saved order or the removal of one, with its CRC-32. An order
/// proved by a signed transaction (StoreKit 2) is saved as `save-jws`. A save gives its proof's
/// length in bytes before the proof and again after it, and a CRC-32 of its fields up to that
/// first length (`CacheFormat.v2`; version 1 had none of the three).
///
///     save<TAB>TRANSACTION<TAB>PRODUCT<TAB>SERVER-PRODUCT-OR--<TAB>LENGTH<TAB>FIELDS-CRC32<TAB>RECEIPT<TAB>LENGTH<TAB>CRC32
///     save-jws<TAB>TRANSACTION<TAB>PRODUCT<TAB>SERVER-PRODUCT-OR--<TAB>LENGTH<TAB>FIELDS-CRC32<TAB>JWS<TAB>LENGTH<TAB>CRC32
///     remove<TAB>TRANSACTION<TAB>CRC32
enum CacheRecord: Equatable {
    case save(PendingOrder)
    case remove(transactionId: TransactionID)

    /// The line, with its checksum and newline.
    var line: String {
        var bytes: [UInt8] = []
        appendLine(to: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Appends the line, with its checksum and newline, written straight into `bytes`: a
    /// recovery's run writes a thousand removals at once.
    func appendLine(to bytes: inout [UInt8]) {
        let start = bytes.count
        switch self {
        case .save(let order):
            switch order.proof {
            case .receipt: bytes.appendLiteral("save")
            case .signedTransaction: bytes.appendLiteral("save-jws")
            case .purchaseToken: bytes.appendLiteral("save-play")
            }
            for field in [order.transactionId.description, order.productId, order.serverProductId ?? "-"] {
                bytes.append(UInt8(ascii: "\t"))
                bytes.append(contentsOf: field.utf8)
            }
            let length = Int64(order.receipt.utf8.count)
            bytes.append(UInt8(ascii: "\t"))
            bytes.appendDecimal(length)
            let fieldsChecksum = CRC32.checksum(bytes[start...])
            bytes.append(UInt8(ascii: "\t"))
            CRC32.appendHex(of: fieldsChecksum, to: &bytes)
            bytes.append(UInt8(ascii: "\t"))
            bytes.append(contentsOf: order.receipt.utf8)
            bytes.append(UInt8(ascii: "\t"))
            bytes.appendDecimal(length)
        case .remove(let id):
            bytes.appendLiteral("remove\t")
            bytes.appendDecimal(id.value)
        }
        let checksum = CRC32.checksum(bytes[start...])
        bytes.append(UInt8(ascii: "\t"))
        CRC32.appendHex(of: checksum, to: &bytes)
        bytes.append(UInt8(ascii: "\n"))
    }

    /// Parses one line's bytes (without its newline) in a file of `format`; nil when it is
    /// damaged: not UTF-8, a checksum that does not match, a transaction id that is not one, a
    /// proof length that is not the proof's. A version-1 file's saves may also be in version 2's
    /// layout (a header damaged from version 2 to 1 costs no record), never the other way round:
    /// a version-2 save cut short after its fields' checksum reads as a whole version-1 save.
    /// Fields are found with `memchr`, so that a line with a long receipt costs no per-byte work
    /// beyond its checksum.
    init?(bytes line: ArraySlice<UInt8>, format: CacheFormat) {
        let tab = UInt8(ascii: "\t")
        guard line.count > Self.checksumDigits, line[line.endIndex - Self.checksumDigits - 1] == tab else { return nil }
        let body = line[..<(line.endIndex - Self.checksumDigits - 1)]
        guard CRC32.matches(line[(line.endIndex - Self.checksumDigits)...], of: body) else { return nil }
        var texts: [String] = []
        for field in Self.fields(body, separator: tab) {
            guard let text = field.withUnsafeBufferPointer({ String(validatingUTF8: $0) }) else { return nil }
            texts.append(text)
        }
        guard texts.count > 1, let id = TransactionID(texts[1]) else { return nil }
        switch texts[0] {
        case "save", "save-jws", "save-play":
            guard let proofText = Self.proof(of: texts, format: format) else { return nil }
            let proof: PurchaseProof = switch texts[0] {
            case "save": .receipt(proofText)
            case "save-jws": .signedTransaction(proofText)
            default: .purchaseToken(proofText)
            }
            self = .save(PendingOrder(transactionId: id, productId: texts[2],
                                      serverProductId: texts[3] == "-" ? nil : texts[3], proof: proof))
        case "remove" where texts.count == 2:
            self = .remove(transactionId: id)
        default:
            return nil
        }
    }

    /// The proof of a save's fields, in version 1's layout (five, in a version-1 file only) or
    /// version 2's (eight); nil when they are neither (version 2: a length before or after the
    /// proof that is not its length, or fields their CRC-32 does not match).
    private static func proof(of texts: [String], format: CacheFormat) -> String? {
        switch texts.count {
        case 5 where format == .v1:
            return texts[4]
        case 8:
            let length = String(texts[6].utf8.count)
            guard texts[4] == length, texts[7] == length,
                  texts[5] == CRC32.hex(texts[..<5].joined(separator: "\t").utf8) else { return nil }
            return texts[6]
        default:
            return nil
        }
    }

    /// A proof length's digits as a number: one to `CacheFormat.lengthDigits` ASCII digits, no
    /// leading zero; nil for anything else.
    static func length(_ digits: ArraySlice<UInt8>) -> Int? {
        guard (1...CacheFormat.lengthDigits).contains(digits.count), digits.first != UInt8(ascii: "0"),
              digits.allSatisfy({ (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }) else { return nil }
        return digits.reduce(0) { $0 * 10 + Int($1 - UInt8(ascii: "0")) }
    }

    /// The order a long `save` or `save-jws` line in version 2's layout names, read from its
    /// first bytes (its fields, checked against their CRC-32) and its last (up to its checksum's
    /// tab): the proof, whose bytes the line's checksum covers, is read and checked when needed.
    /// Nil when those ends are not such a save's, as for a version-1 save, whose fields have no
    /// checksum of their own: such a line is read whole and checked.
    static func order(head: [UInt8], tail: [UInt8]) -> CachedOrder? {
        guard tail.count > checksumDigits, tail[tail.endIndex - checksumDigits - 1] == UInt8(ascii: "\t"),
              let fields = SaveFields(head: head),
              let keyword = text(fields.keyword), let transactionId = text(fields.transactionId),
              let productId = text(fields.productId), let serverProductId = text(fields.serverProductId),
              let id = TransactionID(transactionId) else { return nil }
        return CachedOrder(transactionId: id, productId: productId, serverProductId: serverProductId == "-" ? nil : serverProductId,
                           isSigned: keyword == "save-jws")
    }

    /// A field's bytes as text; nil when they are not UTF-8.
    private static func text(_ field: ArraySlice<UInt8>) -> String? {
        field.withUnsafeBufferPointer { String(validatingUTF8: $0) }
    }

    private static let checksumDigits = CacheFormat.checksumDigits

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

    /// Whether a value can be written into a field without breaking the line format: one pass
    /// over its bytes in place (a receipt listing a thousand purchases is 250 kB of text).
    static func isStorable(_ value: String) -> Bool {
        let breaks: (UInt8) -> Bool = { $0 == 9 || $0 == 10 }
        return !value.isEmpty && !(value.utf8.withContiguousStorageIfAvailable { $0.contains(where: breaks) } ?? value.utf8.contains(where: breaks))
    }
}
