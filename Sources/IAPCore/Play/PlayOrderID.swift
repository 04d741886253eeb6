/// A Google Play order id: `GPA.` and an order number of seventeen digits grouped 4-4-4-5
/// (`GPA.3372-1948-0521-70431`). Google, of a voided purchase's `orderId`: "The order id which
/// uniquely identifies a one-time purchase, subscription purchase, or subscription renewal".
/// Inside StoreSim the number is the purchase's `TransactionID`; a person always reads the text.
/// A subscription's renewal is its base order's id with `..` and the renewal's index from 0
/// (Google, "Subscription order numbers": `GPA.1234-5678-9012-34567..0`, `..1`, …); inside
/// StoreSim its `TransactionID` is the number plus (index + 1) × 10¹⁷, so every renewal up to
/// index `maximumRenewal` has an id of its own.
public struct PlayOrderID: Hashable, Comparable, Sendable, Codable, CustomStringConvertible {
    /// The order number: seventeen digits, the first not zero.
    public let number: Int64
    /// The index of a subscription's renewal (0 for the first), nil for a base order.
    public let renewal: Int?

    /// The highest renewal index a `TransactionID` can hold.
    public static let maximumRenewal = 89

    /// 10¹⁷: one past every order number.
    private static let renewalStride: Int64 = 100_000_000_000_000_000

    /// Every number an order id can have: seventeen digits, the first not zero.
    public static let numbers: ClosedRange<Int64> = 10_000_000_000_000_000...99_999_999_999_999_999

    /// The order id of `number`; nil when it is not seventeen digits.
    public init?(number: Int64) {
        guard Self.numbers.contains(number) else { return nil }
        self.number = number
        renewal = nil
    }

    /// The order id whose `TransactionID` is `id`: a base order's number, or a renewal's; nil
    /// for any other value.
    public init?(transactionId id: TransactionID) {
        guard id.value >= Self.renewalStride else {
            self.init(number: id.value)
            return
        }
        let (index, number) = id.value.quotientAndRemainder(dividingBy: Self.renewalStride)
        guard let base = PlayOrderID(number: number) else { return nil }
        guard let renewed = base.renewal(Int(index) - 1) else { return nil }
        self = renewed
    }

    private init(number: Int64, renewal: Int) {
        self.number = number
        self.renewal = renewal
    }

    /// The order id of this base order's renewal `index` (0 for the first); nil past
    /// `maximumRenewal`, or of a renewal's id.
    public func renewal(_ index: Int) -> PlayOrderID? {
        guard renewal == nil, (0...Self.maximumRenewal).contains(index) else { return nil }
        return PlayOrderID(number: number, renewal: index)
    }

    /// The base order of a renewal; the order itself for a base order.
    public var base: PlayOrderID {
        PlayOrderID(number: number) ?? self
    }

    /// The order id a text names when it is written as Google writes one, `GPA.dddd-dddd-dddd-ddddd`;
    /// nil for any other text.
    public init?(_ text: some StringProtocol) {
        if let dots = text.range(of: "..") {
            guard let base = PlayOrderID(text[..<dots.lowerBound]), let index = Int(text[dots.upperBound...]),
                  text[dots.upperBound...].allSatisfy({ $0.isASCII && $0.isNumber }),
                  let renewed = base.renewal(index) else { return nil }
            self = renewed
            return
        }
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
    public var transactionId: TransactionID {
        TransactionID(number + Int64((renewal ?? -1) + 1) * Self.renewalStride)
    }

    /// `GPA.dddd-dddd-dddd-ddddd`, and `..N` after a renewal's.
    public var description: String {
        baseText + (renewal.map { "..\($0)" } ?? "")
    }

    private var baseText: String {
        let digits = Array(String(number).utf8)
        var text = Self.prefix
        for (index, digit) in digits.enumerated() {
            if [4, 8, 12].contains(index) { text.append(UInt8(ascii: "-")) }
            text.append(digit)
        }
        return String(decoding: text, as: UTF8.self)
    }

    public static func < (left: PlayOrderID, right: PlayOrderID) -> Bool {
        (left.number, left.renewal ?? -1) < (right.number, right.renewal ?? -1)
    }

    private static let prefix = Array("GPA.".utf8)

    /// Where the dashes stand after the prefix: between the groups of 4, 4, 4 and 5 digits.
    private static let dashes: Set<Int> = [4, 9, 14]
}
