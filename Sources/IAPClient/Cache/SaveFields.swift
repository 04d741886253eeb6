import Storage

/// The fields of a `save`, `save-jws` or `save-play` record in version 2's layout, read from the record's
/// first bytes up to its proof and checked against their CRC-32: what opening the cache learns
/// of a long record without reading its proof. Found tab by tab, with nothing allocated.
struct SaveFields {
    let keyword: ArraySlice<UInt8>
    let transactionId: ArraySlice<UInt8>
    let productId: ArraySlice<UInt8>
    let serverProductId: ArraySlice<UInt8>
    /// The proof's length as the record writes it before the proof, not yet read as a number.
    let length: ArraySlice<UInt8>
    /// Where the proof starts in the record.
    let proofStart: Int

    /// Nil when `head` does not start with a save's six fields whose checksum matches.
    init?(head: [UInt8]) {
        var rest = head[...]
        guard let keyword = Self.field(&rest), keyword.elementsEqual("save".utf8) || keyword.elementsEqual("save-jws".utf8) || keyword.elementsEqual("save-play".utf8),
              let transactionId = Self.field(&rest), let productId = Self.field(&rest),
              let serverProductId = Self.field(&rest), let length = Self.field(&rest), let checksum = Self.field(&rest),
              CRC32.matches(checksum, of: head[..<length.endIndex]) else { return nil }
        self.keyword = keyword
        self.transactionId = transactionId
        self.productId = productId
        self.serverProductId = serverProductId
        self.length = length
        proofStart = rest.startIndex
    }

    /// The field at the start of `rest`, up to its tab; `rest` moves past the tab.
    private static func field(_ rest: inout ArraySlice<UInt8>) -> ArraySlice<UInt8>? {
        guard let tab = rest.firstIndex(of: UInt8(ascii: "\t")) else { return nil }
        defer { rest = rest[(tab + 1)...] }
        return rest[..<tab]
    }
}
