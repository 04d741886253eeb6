import IAPCore

/// The transaction ids a Store may hand out when it has a range of its own (a chaos trial's
/// world, whose team's backend also remembers the ids of other trials): from `first` to `last`,
/// kept in `store.sqlite` so that the Store keeps to it after a relaunch. A Store without one
/// hands out ids from `StoreDatabase.firstTransactionId` on, as always.
public struct TransactionIDRange: Sendable, Equatable, CustomStringConvertible {
    public let first: TransactionID
    public let last: TransactionID

    /// The ids `first` to `first + count - 1`; nil when there are none, or they pass the highest id.
    public init?(first: TransactionID, count: Int64) {
        guard count > 0, first.value > 0 else { return nil }
        let (end, overflow) = first.value.addingReportingOverflow(count - 1)
        guard !overflow else { return nil }
        self.first = first
        last = TransactionID(end)
    }

    /// Where the worlds with ranges of their own take theirs (chaos runs against a team's
    /// backend): every id of sixteen digits above those a normal world hands out. A normal world's
    /// audit leaves the credits there to the worlds they were made in.
    public static let worldsOwn = TransactionIDRange(first: 2_000_000_000_000_001, last: 9_999_999_999_999_999)

    private init(first: TransactionID, last: TransactionID) {
        self.first = first
        self.last = last
    }

    /// Whether `id` lies in the range.
    public func contains(_ id: TransactionID) -> Bool {
        first.value <= id.value && id.value <= last.value
    }

    /// `FIRST-LAST`, as the setting keeps it.
    public var description: String { "\(first)-\(last)" }

    /// The setting the range is kept in.
    static let setting = "transaction-ids"

    /// A range read back from its setting; nil for text that is not one.
    static func read(_ text: String) -> TransactionIDRange? {
        let parts = text.split(separator: "-", omittingEmptySubsequences: false)
        guard parts.count == 2, let first = Int64(parts[0]), let last = Int64(parts[1]), last >= first else { return nil }
        return TransactionIDRange(first: TransactionID(first), count: last - first + 1)
    }
}
