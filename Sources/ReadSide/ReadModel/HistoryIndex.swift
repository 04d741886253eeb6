import Foundation
import IAPCore
import OrderServer
import StoreEngine
import WorldCore

/// The facts a view looks up for every product and credit: each product's entitlement of the
/// signed-in account and credits, and each transaction by id, so that a view costs in proportion to the catalog
/// and what it shows, not to the history.
struct HistoryIndex: Sendable {
    /// The signed-in App Store account whose entitlements these are.
    let account: String
    let entitlements: [String: Ledger.Entitlement]
    /// The credits of each product.
    let credits: [String: Int]
    /// Every transaction, by id.
    let records: ChunkedArray<StoreRecord>

    init(records: ChunkedArray<StoreRecord>, ledger: Ledger, creditsByProduct: [String: Int], account: String) {
        self.account = account
        entitlements = Dictionary(ledger.entitlements.lazy.filter { $0.account == account }.map { ($0.productId, $0) }) { first, _ in first }
        credits = creditsByProduct
        self.records = records
    }

    /// Whether the Store refunded transaction `id`.
    func refunded(_ id: TransactionID) -> Bool {
        records.record(id)?.refunded == true
    }

    /// What the Server's ledger says the user has of a product at `now`.
    func holding(_ product: Product, now: Date) -> CatalogRow.Holding {
        guard let entitlement = entitlements[product.id] else {
            return product.type == .consumable ? .credited(credits[product.id] ?? 0) : .none
        }
        let record = records.record(entitlement.transactionId)
        if record?.refunded == true { return .refundedStillGranted }
        guard let expires = entitlement.expires else { return .owned }
        guard expires > now else { return .expired }
        return .until(expires, trial: record?.kind == .trial)
    }
}
