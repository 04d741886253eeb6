import IAPCore
import OrderServer
import StoreEngine

/// What a view counts of each transaction and credit, kept as the history grows as the audit's
/// tally is (`AuditTally`): the transactions in the queue, the charged free trials, and the
/// credits of each product.
struct ViewTally: Sendable {
    /// The transactions the queue shows (`WorldView.inQueue`).
    private(set) var queued: Set<TransactionID> = []
    /// The charged transactions of a free trial: their offer is the introductory one.
    private(set) var trials: Set<TransactionID> = []
    private(set) var creditsByProduct: [String: Int] = [:]

    init() {}

    /// The tally of `records` and `credits`.
    init(records: some Sequence<StoreRecord>, credits: some Sequence<Ledger.Credit>) {
        for record in records { replace(nil, with: record) }
        for credit in credits { add(credit) }
    }

    /// Counts `new` in place of `old`, two states of one transaction (nil: none).
    mutating func replace(_ old: StoreRecord?, with new: StoreRecord?) {
        if let old {
            queued.remove(old.id)
            trials.remove(old.id)
        }
        guard let new else { return }
        if WorldView.inQueue(new.isUnfinished, new.state, finished: new.finished) { queued.insert(new.id) }
        if new.charged && new.kind == .trial { trials.insert(new.id) }
    }

    mutating func add(_ credit: Ledger.Credit) {
        creditsByProduct[credit.productId, default: 0] += 1
    }
}
