import Foundation
import HTTPCalls
import IAPCore
import OrderServer
import StoreEngine

/// What an outside server (`server url`) says it credited, read from its
/// `GET URL/storesim/credits` (`{"credits": [{"transactionId", "productId", "quantity"}]}`, an
/// entry per credit; a Google Play world's name `"orderId": "GPA.…"` in place of `transactionId`): the audit judges those credits as it judges the built-in Server's ledger.
/// A server that does not list them (any other answer) leaves its credits unjudged, and says why.
public struct OutsideCredits: Sendable, Equatable {
    /// One credit the server listed.
    public struct Entry: Sendable, Equatable {
        public let transactionId: TransactionID
        public let productId: String
    }

    public let url: String
    /// The credits judged, in the server's order: those within `range`, when there is one, or of
    /// the `orders` a chaos run's Google Play issued, else those outside the ranges of chaos runs'
    /// worlds (`TransactionIDRange.worldsOwn`); empty when they could not be read.
    public let entries: [Entry]
    /// Why the credits could not be read; nil when they were.
    public let problem: String?
    /// The world's own range of ids, when it has one (`TransactionIDRange`): credits beyond it
    /// are another world's, and are not judged.
    public let range: TransactionIDRange?
    /// The orders a chaos run's Google Play issued, when the world is one (it has a range of
    /// ids): credits of other orders are another run's, and are not judged.
    public let orders: Set<TransactionID>?
    /// How many credits the server listed in all, in the range or not.
    public let listed: Int

    /// The most seconds the audit waits for the listing.
    static let timeout: Double = 10

    init(url: String, entries: [Entry], problem: String?, range: TransactionIDRange? = nil, orders: Set<TransactionID>? = nil) {
        self.url = url
        self.entries = range.map { range in entries.filter { range.contains($0.transactionId) } }
            ?? orders.map { orders in entries.filter { orders.contains($0.transactionId) } }
            ?? entries.filter { !TransactionIDRange.worldsOwn.contains($0.transactionId) }
        self.problem = problem
        self.range = range
        self.orders = orders
        listed = entries.count
    }

    /// Asks the server at `url` for its credits; with a `range`, only the credits of ids in it
    /// are the world's (a credit in it that the Store never issued is still an orphan); with
    /// `orders` (a chaos run's Google Play), only the credits of those orders.
    public static func fetch(_ url: String, within range: TransactionIDRange? = nil, orders: Set<TransactionID>? = nil) -> OutsideCredits {
        let endpoint = OutsideURL.endpoint(url, "storesim/credits")
        switch HTTPClient.shared.send("GET", endpoint, timeout: timeout) {
        case .answered(let status, let body) where status == 200:
            do {
                return OutsideCredits(url: url, entries: try read(body), problem: nil, range: range, orders: orders)
            } catch {
                return OutsideCredits(url: url, entries: [], problem: "GET \(endpoint) answered what is not a credits listing (\(error.description))",
                                      range: range, orders: orders)
            }
        case let other:
            return OutsideCredits(url: url, entries: [], problem: "GET \(endpoint): \(other.english)", range: range, orders: orders)
        }
    }

    /// The listing's entries; an entry without a transaction id StoreSim could have issued, or
    /// without a product, is a listing StoreSim cannot judge.
    static func read(_ body: [UInt8]) throws(JSONCursorError) -> [Entry] {
        var entries: [Entry] = []
        var listing = false
        var cursor = JSONCursor(String(decoding: body, as: UTF8.self))
        try cursor.object { (key, value) throws(JSONCursorError) in
            switch key {
            case "credits": listing = true
            default: return try value.skip()
            }
            try value.array { (item) throws(JSONCursorError) in
                var id: TransactionID?
                var product: String?
                try item.object { (field, member) throws(JSONCursorError) in
                    switch field {
                    case "transactionId":
                        let text = try member.string()
                        guard let parsed = TransactionID(text) else { throw member.failure("a transaction id, not '\(text)'") }
                        id = parsed
                    case "orderId":
                        // Google Play's: an order id, GPA. and 17 digits.
                        let text = try member.string()
                        guard let order = PlayOrderID(text) else { throw member.failure("a Google Play order id, not '\(text)'") }
                        id = order.transactionId
                    case "productId": product = try member.string()
                    default: try member.skip()
                    }
                }
                guard let id, let product else { throw item.failure("an entry with transactionId and productId") }
                entries.append(Entry(transactionId: id, productId: product))
            }
        }
        guard listing else { throw cursor.failure("an object with credits") }
        try cursor.end()
        return entries
    }

    /// The credits as a ledger the audit reads: each dated and owned as the Store's transaction
    /// of its id (none: the epoch, nobody), the balances what the consumables credited grant.
    func ledger(record: (TransactionID) -> StoreRecord?, catalog: Catalog) -> Ledger {
        var balances: [String: Int] = [:]
        let credits = entries.map { entry in
            let found = record(entry.transactionId)
            let product = catalog.product(id: entry.productId)
            if let product, product.type == .consumable {
                for part in product.grantInOrder { balances[part.currency, default: 0] &+= part.amount }
            }
            return Ledger.Credit(transactionId: entry.transactionId, originalTransactionId: found?.originalId ?? entry.transactionId,
                                 productId: entry.productId, account: found?.account ?? "", date: found?.date ?? Date(timeIntervalSince1970: 0),
                                 grant: .written("credited by the outside server"))
        }
        return Ledger(credits: credits, balances: balances, entitlements: [], rejections: [])
    }

    /// The audit's line about the server.
    var line: String {
        problem.map { "outside server \(url): its credits could not be read (\($0)): what it credited is not judged" }
            ?? range.map { "outside server \(url): \(listed) credits listed at /storesim/credits, \(entries.count) of this world's ids \($0), judged below" }
            ?? orders.map { _ in "outside server \(url): \(listed) credits listed at /storesim/credits, \(entries.count) of this world's Google Play orders, judged below" }
            ?? (listed == entries.count ? "outside server \(url): \(listed) credits listed at /storesim/credits, judged below"
                : "outside server \(url): \(listed) credits listed at /storesim/credits, \(listed - entries.count) of them in the ranges of chaos runs' worlds (\(TransactionIDRange.worldsOwn)), not this world's: \(entries.count) judged below")
    }

    var json: JSONText {
        .object([("url", .string(url)), ("creditsListed", .bool(problem == nil)), ("problem", problem.map(JSONText.string) ?? .null)]
                + (range.map { [("transactionIds", .string($0.description))] } ?? []))
    }
}
