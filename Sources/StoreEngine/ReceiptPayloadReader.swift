import Glibc

/// Reads a receipt's payload as the Store's own encoder writes it (sorted keys, no spaces, no
/// escapes), byte by byte: a receipt lists every unfinished consumable, and `JSONDecoder` cost a
/// check of 1,000 such receipts most of its time. Anything else (an escape, another layout)
/// gives nil, and the caller decodes it with `JSONDecoder`: this reader only ever agrees with it.
struct ReceiptPayloadReader {
    private let bytes: [UInt8]
    private var offset = 0

    /// The receipt `payload` holds, or nil when it is not in the encoder's own layout.
    static func read(_ payload: [UInt8]) -> Receipt? {
        var reader = ReceiptPayloadReader(bytes: payload)
        return reader.receipt()
    }

    private init(bytes: [UInt8]) {
        self.bytes = bytes
    }

    private mutating func receipt() -> Receipt? {
        guard take("{\"account\":"), let account = string(), take(",\"environment\":"),
              let environment = string().flatMap(Receipt.Environment.init(rawValue:)), take(",\"inApp\":[")
        else { return nil }
        var purchases: [Receipt.Purchase] = []
        if !take("]") {
            repeat {
                guard let purchase = purchase() else { return nil }
                purchases.append(purchase)
            } while take(",")
            guard take("]") else { return nil }
        }
        guard take("}"), offset == bytes.count else { return nil }
        return Receipt(environment: environment, account: account, inApp: purchases)
    }

    private mutating func purchase() -> Receipt.Purchase? {
        guard take("{") else { return nil }
        var ownership: String?
        if take("\"inAppOwnershipType\":") {
            guard let written = string(), take(",") else { return nil }
            ownership = written
        }
        guard take("\"originalTransactionId\":"), let original = string(), take(",\"productId\":"), let product = string(),
              take(",\"purchaseDateMillis\":"), let millis = integer(), take(",\"transactionId\":"), let id = string(),
              take("}")
        else { return nil }
        return Receipt.Purchase(transactionId: id, originalTransactionId: original, productId: product, purchaseDateMillis: millis,
                                inAppOwnershipType: ownership)
    }

    /// Takes `literal` when the bytes go on with it.
    private mutating func take(_ literal: StaticString) -> Bool {
        let count = literal.utf8CodeUnitCount
        guard bytes.count - offset >= count else { return false }
        let matches = literal.withUTF8Buffer { expected in
            bytes.withUnsafeBufferPointer { buffer in
                guard let base = buffer.baseAddress, let wanted = expected.baseAddress else { return count == 0 }
                return memcmp(base + offset, wanted, count) == 0
            }
        }
        if matches { offset += count }
        return matches
    }

    /// A string without escapes or control characters, in valid UTF-8.
    private mutating func string() -> String? {
        guard offset < bytes.count, bytes[offset] == UInt8(ascii: "\"") else { return nil }
        let start = offset + 1
        var end = start
        while end < bytes.count, bytes[end] != UInt8(ascii: "\"") {
            guard bytes[end] != UInt8(ascii: "\\"), bytes[end] >= 0x20 else { return nil }
            end += 1
        }
        guard end < bytes.count,
              let text = bytes.withUnsafeBufferPointer({ String(validatingUTF8: UnsafeBufferPointer(rebasing: $0[start..<end])) })
        else { return nil }
        offset = end + 1
        return text
    }

    /// A whole number as JSON writes one: an optional minus, no leading zero, no fraction.
    private mutating func integer() -> Int64? {
        let negative = offset < bytes.count && bytes[offset] == UInt8(ascii: "-")
        var end = negative ? offset + 1 : offset
        var magnitude: Int64 = 0
        let first = end
        while end < bytes.count, bytes[end] >= UInt8(ascii: "0"), bytes[end] <= UInt8(ascii: "9") {
            let (times, overflow) = magnitude.multipliedReportingOverflow(by: 10)
            let (sum, carry) = times.addingReportingOverflow(Int64(bytes[end] - UInt8(ascii: "0")))
            guard !overflow, !carry else { return nil }
            magnitude = sum
            end += 1
        }
        guard end > first, end - first == 1 || bytes[first] != UInt8(ascii: "0"), !(negative && magnitude == 0) else { return nil }
        guard end == bytes.count || (bytes[end] != UInt8(ascii: ".") && bytes[end] != UInt8(ascii: "e") && bytes[end] != UInt8(ascii: "E"))
        else { return nil }
        offset = end
        return negative ? -magnitude : magnitude
    }
}
