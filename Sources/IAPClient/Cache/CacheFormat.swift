import Glibc
import Storage

/// The versions of the cache file's line format, named by its first line. Version 2 writes a
/// save's proof length at both ends of its record and a checksum of its fields, so that opening
/// the file steps over a long receipt without reading it and still knows the order it saves;
/// version 1 (none of these) is still read, every record whole, and rewritten as version 2 by
/// the app when it opens the file.
enum CacheFormat: Equatable {
    case v1
    case v2

    /// The version every cache is written in.
    static let current = CacheFormat.v2

    /// The file's first line, without its newline.
    var header: String {
        switch self {
        case .v1: "storesim pending orders v1"
        case .v2: "storesim pending orders v2"
        }
    }

    /// The version a first line names; refuses one that names no version StoreSim writes.
    init<Bytes: Collection<UInt8>>(header firstBytes: Bytes, path: String) throws(CacheError) {
        let first = String(decoding: firstBytes, as: UTF8.self)
        if first == CacheFormat.v2.header {
            self = .v2
            return
        }
        if first == CacheFormat.v1.header {
            self = .v1
            return
        }
        if first.hasPrefix("storesim pending orders ") {
            let version = first.dropFirst(24)
            let isShowable = version.count <= 16 && version.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == ".") }
            let shown = isShowable ? " '\(version)'" : ""
            throw CacheError(path: path, line: 1, problem: "unknown format version\(shown); left untouched")
        }
        throw CacheError(path: path, line: 1, problem: "not a StoreSim pending-order cache; left untouched")
    }

    /// How many of a record's last bytes the reader keeps: a version-2 save's `TAB LENGTH TAB
    /// CHECKSUM` with a length of up to `lengthDigits`.
    static let tailBytes = 2 + lengthDigits + checksumDigits

    /// The most digits a proof's length may have.
    static let lengthDigits = 9

    /// The hex digits of a record's checksum.
    static let checksumDigits = 8

    /// How a reader steps over a long version-2 save: the length its first 512 bytes name (its
    /// fields up to the proof's start, checked against their checksum first, so that a damaged
    /// length is never followed), confirmed by the same length before the checksum at the end
    /// the claim points at. A version-1 save's head holds no field after its proof's first
    /// bytes, so it is never stepped over.
    static let skip = LineSkip(headBytes: 512) { head in
        guard let fields = SaveFields(head: head), let length = CacheRecord.length(fields.length) else { return nil }
        let ending = [UInt8(ascii: "\t")] + fields.length + [UInt8(ascii: "\t")]
        return LineClaim(length: fields.proofStart + length + ending.count + checksumDigits) { tail in
            guard tail.count >= ending.count + checksumDigits else { return false }
            let checksum = tail.suffix(checksumDigits)
            return tail.dropLast(checksumDigits).suffix(ending.count).elementsEqual(ending)
                && checksum.allSatisfy { isxdigit(Int32($0)) != 0 }
        }
    }
}
