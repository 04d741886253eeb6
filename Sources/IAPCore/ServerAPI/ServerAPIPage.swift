/// One page of a list the App Store Server API hands out a page at a time, by Apple's rule for
/// its lists: "The history response returns a maximum of 20 transactions per response. If your
/// customer has more than 20 in-app transactions, the hasMore value is true." The page holds the
/// entries after the token asked with (before it, sorted descending), and the token of where it
/// ended: its last entry's, or the token asked with when it is empty, so that a token kept from
/// a last page asks later only for what came after.
public struct ServerAPIPage<Element> {
    public let entries: [Element]
    public let hasMore: Bool
    /// The token to ask the next page with.
    public let token: ServerAPIPageToken

    /// Apple's page size.
    public static var size: Int { 20 }

    /// The page of `entries` (each with its token, in any order) after `after`.
    public init(of entries: [(ServerAPIPageToken, Element)], after: ServerAPIPageToken?, descending: Bool = false) {
        let sorted = entries.sorted { descending ? $0.0 > $1.0 : $0.0 < $1.0 }
        let rest = sorted.filter { entry in after.map { descending ? entry.0 < $0 : entry.0 > $0 } ?? true }
        let page = rest.prefix(Self.size)
        self.entries = page.map(\.1)
        hasMore = rest.count > page.count
        token = page.last?.0 ?? after ?? .start
    }
}
