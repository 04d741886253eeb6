import IAPCore
import OrderServer
import StoreEngine
import WorldCore

/// What the audit counts of each transaction and each credit, kept as the history grows: a write
/// changes the counts of the transactions it wrote and of the credits it added, and the audit
/// is then made from the counts and the few transactions they name (`Audit(tally:…)`), not from
/// every transaction.
struct AuditTally: Sendable {
    private(set) var paid = 0
    private(set) var credited = 0
    private(set) var unfinished = 0
    private(set) var refunded = 0
    /// Paid, unrefunded transactions the Server never credited.
    private(set) var uncredited: Set<TransactionID> = []
    /// Paid transactions the Server credited more than once.
    private(set) var creditedTwice: Set<TransactionID> = []
    /// Paid transactions of a non-consumable or an auto-renewable subscription: where an
    /// overcharge can be (`Overcharge`).
    private(set) var owning: Set<TransactionID> = []
    /// The places, in the ledger's credits, of the credits with no paid transaction behind them.
    private(set) var orphans: Set<Int> = []
    /// The places of each transaction's credits in the ledger's credits.
    private(set) var creditPlaces: [TransactionID: [Int]] = [:]
    /// The latest transaction credited to each of the Server's accounts: what each asks the
    /// history by (`TransactionHistoryRule.askedBy`).
    private(set) var askedBy: [String: TransactionID] = [:]
    /// What the credits of consumables grant, by currency: what the Server's balances hold
    /// before any refund is taken back.
    private(set) var granted: [String: Int] = [:]
    let catalog: Catalog

    init(catalog: Catalog) {
        self.catalog = catalog
    }

    /// The tally of `records` and `credits`.
    init(records: some Sequence<StoreRecord>, credits: ChunkedArray<Ledger.Credit>, catalog: Catalog) {
        self.init(catalog: catalog)
        for (place, credit) in credits.enumerated() {
            add(credit, at: place, record: nil)
        }
        for record in records {
            replace(nil, with: record, credits: credits)
        }
    }

    /// Counts `new` in place of `old`, two states of one transaction (nil: none), and judges again
    /// its credits, found at their places in the ledger's `credits`.
    mutating func replace(_ old: StoreRecord?, with new: StoreRecord?, credits: ChunkedArray<Ledger.Credit>) {
        if let old { count(old, -1) }
        if let new { count(new, 1) }
        guard let id = new?.id ?? old?.id else { return }
        for place in creditPlaces[id] ?? [] {
            judge(credits[place], at: place, record: new)
        }
    }

    /// Counts `credit`, at `place` in the ledger's credits, given the transaction of its id as it
    /// is now (`record`, nil when there is none).
    mutating func add(_ credit: Ledger.Credit, at place: Int, record: StoreRecord?) {
        if let record { count(record, -1) }
        creditPlaces[credit.transactionId, default: []].append(place)
        if let record { count(record, 1) }
        TransactionHistoryRule.ask(&askedBy, by: credit.transactionId, credited: credit.account)
        if let product = catalog.product(id: credit.productId), product.type == .consumable {
            for part in product.grantInOrder { granted[part.currency, default: 0] &+= part.amount }
        }
        judge(credit, at: place, record: record)
    }

    /// Counts `record` in (`sign` 1) or out (-1), by the credits of its id now.
    private mutating func count(_ record: StoreRecord, _ sign: Int) {
        let isPaid = record.charged && record.kind != .restore
        let times = creditPlaces[record.id]?.count ?? 0
        if record.isUnfinished { unfinished += sign }
        if record.refunded && record.kind != .familyShare { refunded += sign }
        guard isPaid else { return }
        paid += sign
        if times > 0 { credited += sign }
        let type = catalog.type(ofProduct: record.productId)
        mark(&uncredited, record.id, sign, when: times == 0 && !record.refunded)
        mark(&creditedTwice, record.id, sign, when: times > 1)
        mark(&owning, record.id, sign, when: type == .nonConsumable || type == .autoRenewable)
    }

    private func mark(_ set: inout Set<TransactionID>, _ id: TransactionID, _ sign: Int, when holds: Bool) {
        guard holds else { return }
        if sign > 0 { set.insert(id) } else { set.remove(id) }
    }

    /// Marks the credit at `place` an orphan or not: none of its id paid for, one of another
    /// product, or credited after its refund. A family member's shared transaction is no payment,
    /// but a credit of it (the member's access) has the purchaser's payment behind it.
    private mutating func judge(_ credit: Ledger.Credit, at place: Int, record: StoreRecord?) {
        let orphan = if let record, (record.charged && record.kind != .restore) || record.kind == .familyShare {
            record.productId != credit.productId || Self.creditedAfterRefund(credit, record)
        } else {
            true
        }
        if orphan { orphans.insert(place) } else { orphans.remove(place) }
    }

    /// A credit of a refunded purchase made after the refund: the Server gave what the Store
    /// had already paid back. A purchase credited first and refunded later is no fault, nor is
    /// one whose refund time the Store did not record (a file of schema version 1).
    private static func creditedAfterRefund(_ credit: Ledger.Credit, _ record: StoreRecord) -> Bool {
        guard record.refunded, let refundDate = record.refundDate else { return false }
        return credit.date > refundDate
    }
}
