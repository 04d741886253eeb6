import IAPCore

/// What an account's receipt lists besides the purchase it leads with, as Apple's receipts do:
/// the latest transaction of each non-consumable, auto-renewable and non-renewing subscription it
/// bought (they stay for good), and every consumable it has not finished yet (it leaves when
/// finished). Kept up to date as renewals are made, so that a long run of them never reads the
/// account's history again.
struct ReceiptHoldings {
    private var latestByOriginal: [TransactionID: StoreRecord] = [:]
    private let catalog: Catalog

    /// Holdings from an account's lasting purchases (the latest of each original id) and its
    /// unfinished consumables, as `StoreDatabase.receiptRecords` reads them.
    init(_ records: [StoreRecord], catalog: Catalog) {
        self.catalog = catalog
        for record in records { add(record) }
    }

    /// Counts a new charged transaction of the account.
    mutating func add(_ record: StoreRecord) {
        guard let type = catalog.product(id: record.productId)?.type else { return }
        guard type != .consumable || !record.finished else { return }
        latestByOriginal[record.originalId] = record
    }

    /// The receipt's purchases: `leading` first, then the other holdings in the order they were made.
    func purchases(leading: StoreRecord?) -> [StoreRecord] {
        let others = latestByOriginal.values.filter { $0.originalId != leading?.originalId }.sorted { $0.id < $1.id }
        return (leading.map { [$0] } ?? []) + others
    }
}
