/// Where a page of the App Store Server API's lists ended, as the `revision` (Get Transaction
/// History, Get Refund History) and the `paginationToken` (Get Notification History) carry it:
/// the date in milliseconds the list is ordered by, and the id that breaks ties, written
/// `MILLIS.ID`. Apple calls the token opaque ("A token you use in a query to request the next
/// set of transactions for the customer"); StoreSim's says which entry the last page ended on,
/// so a token kept from the last page asks later for what came after it only.
public struct ServerAPIPageToken: Sendable, Hashable, Comparable {
    public let millis: Int64
    public let id: Int64

    public init(millis: Int64, id: Int64) {
        self.millis = millis
        self.id = id
    }

    /// The token a text names: two runs of decimal digits joined by a period, each fitting 64
    /// bits; nil for any other text.
    public init?(_ text: String) {
        let parts = text.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 2, let millis = TransactionID(parts[0]), let id = TransactionID(parts[1]) else { return nil }
        self.init(millis: millis.value, id: id.value)
    }

    /// The token before every entry: a list read from it starts at its first entry.
    public static let start = ServerAPIPageToken(millis: 0, id: 0)

    public var text: String { "\(millis).\(id)" }

    public static func < (left: ServerAPIPageToken, right: ServerAPIPageToken) -> Bool {
        (left.millis, left.id) < (right.millis, right.id)
    }
}
