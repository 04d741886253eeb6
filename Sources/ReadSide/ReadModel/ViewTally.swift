import IAPCore
import OrderServer
import StoreEngine
import WorldCore

/// What a view counts of each transaction and credit, kept as the history grows as the audit's
/// tally is (`AuditTally`): the transactions in the queue, the charged free trials, the paid
/// transactions of each original id but a consumable's, and the credits of each product.
struct ViewTally: Sendable {
    /// The transactions the queue shows (`WorldView.inQueue`).
    private(set) var queued: Set<TransactionID> = []
    /// The charged transactions of a free trial: their offer is the introductory one.
    private(set) var trials: Set<TransactionID> = []
    private(set) var creditsByProduct: [String: Int] = [:]
    /// The charged, non-restore transactions of each original id, but a consumable's (those are
    /// the history's bulk, and no subscription change concerns them).
    private var paidPeriods: [TransactionID: Set<TransactionID>] = [:]
    let catalog: Catalog

    init(catalog: Catalog) {
        self.catalog = catalog
    }

    /// The tally of `records` and `credits`.
    init(records: some Sequence<StoreRecord>, credits: some Sequence<Ledger.Credit>, catalog: Catalog) {
        self.init(catalog: catalog)
        for record in records { replace(nil, with: record) }
        for credit in credits { add(credit) }
    }

    /// The latest charged, non-restore transaction of `originalId`, a subscription's or another
    /// purchase's but a consumable's.
    func latestPaidPeriod(of originalId: TransactionID) -> TransactionID? {
        paidPeriods[originalId]?.max()
    }

    /// Counts `new` in place of `old`, two states of one transaction (nil: none).
    mutating func replace(_ old: StoreRecord?, with new: StoreRecord?) {
        if let old {
            queued.remove(old.id)
            trials.remove(old.id)
            paidPeriods[old.originalId]?.remove(old.id)
            if paidPeriods[old.originalId]?.isEmpty == true { paidPeriods[old.originalId] = nil }
        }
        guard let new else { return }
        if WorldView.inQueue(new.isUnfinished, new.state, finished: new.finished) { queued.insert(new.id) }
        if new.charged && new.kind == .trial { trials.insert(new.id) }
        if new.charged && new.kind != .restore && catalog.type(ofProduct: new.productId) != .consumable {
            paidPeriods[new.originalId, default: []].insert(new.id)
        }
    }

    mutating func add(_ credit: Ledger.Credit) {
        creditsByProduct[credit.productId, default: 0] += 1
    }
}
