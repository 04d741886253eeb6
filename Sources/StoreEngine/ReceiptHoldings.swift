import IAPCore

/// What an account's receipt lists besides the purchase it leads with, as Apple's receipts do:
/// every transaction of an auto-renewable subscription (the purchase, each renewal, each change
/// of plan), the latest transaction of each non-consumable and non-renewing subscription it
/// bought (they stay for good), and every consumable it has not finished yet (it leaves when
/// finished). Built from indexed reads when a receipt is handed out, never at each renewal.
struct ReceiptHoldings {
    private var latestByOriginal: [TransactionID: StoreRecord] = [:]
    private var renewing: [TransactionID: StoreRecord] = [:]
    private let catalog: Catalog

    /// Holdings from an account's lasting purchases (every transaction of its auto-renewable
    /// subscriptions, the latest of each other original id) and its unfinished consumables, as
    /// `Receipts.holdings(of:)` reads them.
    init(_ records: [StoreRecord], catalog: Catalog) {
        self.catalog = catalog
        latestByOriginal.reserveCapacity(records.count)
        for record in records { add(record) }
    }

    /// Counts a new charged transaction of the account.
    mutating func add(_ record: StoreRecord) {
        guard let type = catalog.type(ofProduct: record.productId) else { return }
        switch type {
        case .autoRenewable:
            renewing[record.id] = record
        case .consumable where record.finished:
            return
        case .consumable, .nonConsumable, .nonRenewing:
            latestByOriginal[record.originalId] = record
        }
    }

    /// The receipt's purchases: `leading` first, then the other holdings in the order they were
    /// made (their positions sorted, not the records themselves).
    func purchases(leading: StoreRecord?) -> [StoreRecord] {
        let others = latestByOriginal.values.filter { $0.originalId != leading?.originalId }
            + renewing.values.filter { $0.id != leading?.id }
        let order = others.indices.sorted { others[$0].id < others[$1].id }
        return (leading.map { [$0] } ?? []) + order.map { others[$0] }
    }
}
