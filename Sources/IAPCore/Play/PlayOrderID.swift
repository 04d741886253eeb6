/// A Google Play order id: `GPA.` and an order number of seventeen digits grouped 4-4-4-5
/// (`GPA.3372-1948-0521-70431`). Google, of a voided purchase's `orderId`: "The order id which
/// uniquely identifies a one-time purchase, subscription purchase, or subscription renewal".
/// Inside StoreSim the number is the purchase's `TransactionID`; a person always reads the text.
public struct PlayOrderID: Hashable, Comparable, Sendable, Codable, CustomStringConvertible {
    /// The order number: seventeen digits, the first not zero.
    public let number: Int64

    /// Every number an order id can have: seventeen digits, the first not zero.
    public static let numbers: ClosedRange<Int64> = 10_000_000_000_000_000...99_999_999_999_999_999

    /// The order id of `number`; nil when it is not seventeen digits.
    public init?(number: Int64) {
        guard Self.numbers.contains(number) else { return nil }
        self.number = number
    }

    /// The order id whose number is the transaction id `id`; nil when it is not seventeen digits.
    public init?(transactionId id: TransactionID) {
        self.init(number: id.value)
    }

    /// The order id a text names when it is written as Google writes one, `GPA.dddd-dddd-dddd-ddddd`;
    /// nil for any other text.
    public init?(_ text: some StringProtocol) {
        let bytes = Array(text.utf8)
        guard bytes.count == Self.prefix.count + 20, bytes.starts(with: Self.prefix) else { return nil }
        var value: Int64 = 0
        for (offset, byte) in bytes.dropFirst(Self.prefix.count).enumerated() {
            if Self.dashes.contains(offset) {
                guard byte == UInt8(ascii: "-") else { return nil }
                continue
            }
            guard byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") else { return nil }
            value = value * 10 + Int64(byte - UInt8(ascii: "0"))
        }
        self.init(number: value)
    }

    /// The id inside StoreSim: the order number, as the timeline, crash points and the audit key a purchase.
    public var transactionId: TransactionID { TransactionID(number) }

    /// `GPA.dddd-dddd-dddd-ddddd`.
    public var description: String {
        let digits = Array(String(number).utf8)
        var text = Self.prefix
        for (index, digit) in digits.enumerated() {
            if [4, 8, 12].contains(index) { text.append(UInt8(ascii: "-")) }
            text.append(digit)
        }
        return String(decoding: text, as: UTF8.self)
    }

    public static func < (left: PlayOrderID, right: PlayOrderID) -> Bool {
        left.number < right.number
    }

    private static let prefix = Array("GPA.".utf8)

    /// Where the dashes stand after the prefix: between the groups of 4, 4, 4 and 5 digits.
    private static let dashes: Set<Int> = [4, 9, 14]
}
