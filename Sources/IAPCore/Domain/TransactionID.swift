/// A transaction's id: the whole number the Store hands out. Above the databases it travels as
/// this value; it becomes text only where StoreSim writes or reads text (scripts, receipts, the
/// cache file, the timeline, JSON, the screen), always as its decimal digits.
public struct TransactionID: Hashable, Comparable, Sendable, CustomStringConvertible, ExpressibleByIntegerLiteral {
    /// The number, as the databases keep it.
    public let value: Int64

    public init(_ value: Int64) {
        self.value = value
    }

    public init(integerLiteral value: Int64) {
        self.value = value
    }

    /// The id a text names when it is written as the Store writes one: ASCII digits only (no
    /// sign, no leading zero, no spaces); nil for any other text and for a number out of range.
    /// Read digit by digit from the text's contiguous bytes where it has them (a receipt check
    /// reads two for every purchase a receipt lists).
    @inlinable
    public init?(_ text: some StringProtocol) {
        let parsed = text.utf8.withContiguousStorageIfAvailable(Self.parse) ?? Self.parse(Array(text.utf8))
        guard let parsed else { return nil }
        self.value = parsed
    }

    /// The id a text names, read from the contiguous bytes of a `String`.
    @inlinable
    public init?(_ text: String) {
        var text = text
        guard let parsed = text.withUTF8(Self.parse) else { return nil }
        self.value = parsed
    }

    @inlinable
    static func parse(_ digits: UnsafeBufferPointer<UInt8>) -> Int64? {
        var value: Int64 = 0
        for (index, byte) in digits.enumerated() {
            guard byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9"), index == 0 || value != 0 else { return nil }
            let (times, overflow) = value.multipliedReportingOverflow(by: 10)
            let (sum, carry) = times.addingReportingOverflow(Int64(byte - UInt8(ascii: "0")))
            guard !overflow, !carry else { return nil }
            value = sum
        }
        return digits.isEmpty ? nil : value
    }

    @inlinable
    static func parse(_ digits: [UInt8]) -> Int64? {
        digits.withUnsafeBufferPointer(parse)
    }

    /// The id as text: its decimal digits.
    public var description: String { String(value) }

    public static func < (left: TransactionID, right: TransactionID) -> Bool {
        left.value < right.value
    }
}

extension TransactionID: Codable {
    /// An id is written in JSON as a string of its digits, as receipts and the timeline always have.
    public init(from decoder: any Decoder) throws {
        let text = try decoder.singleValueContainer().decode(String.self)
        guard let id = TransactionID(text) else {
            throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath, debugDescription: "'\(text)' is not a transaction id"))
        }
        self = id
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(description)
    }
}

extension TransactionID: CodingKeyRepresentable {
    /// An id as a key of a JSON object: its digits, as it is written as a value.
    public var codingKey: any CodingKey { AnyIdKey(stringValue: description) }

    public init?<Key: CodingKey>(codingKey: Key) {
        self.init(codingKey.stringValue)
    }

    /// A coding key made of an id's digits.
    private struct AnyIdKey: CodingKey {
        let stringValue: String
        var intValue: Int? { nil }

        init(stringValue: String) {
            self.stringValue = stringValue
        }

        init?(intValue: Int) {
            nil
        }
    }
}
