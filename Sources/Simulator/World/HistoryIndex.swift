import Foundation
import IAPCore
import OrderServer
import StoreEngine

/// The snapshot's facts a view looks up for every product and credit, each read in one pass, so
/// that a view costs in proportion to the history plus the catalog, not their product.
struct HistoryIndex {
    /// The first entitlement of each product, the credits of each product, the refunded
    /// transactions, and the kind of every transaction.
    let entitlements: [String: Ledger.Entitlement]
    let credits: [String: Int]
    let refunded: Set<TransactionID>
    let kinds: [TransactionID: StoreRecord.Kind]

    init(_ snapshot: WorldSnapshot) {
        entitlements = Dictionary(snapshot.ledger.entitlements.map { ($0.productId, $0) }) { first, _ in first }
        credits = snapshot.ledger.credits.reduce(into: [:]) { counts, credit in counts[credit.productId, default: 0] += 1 }
        refunded = Set(snapshot.transactions.filter(\.refunded).map(\.id))
        kinds = Dictionary(snapshot.transactions.map { ($0.id, $0.kind) }) { first, _ in first }
    }

    /// What the Server's ledger says the user has of a product at `now`.
    func holding(_ product: Product, now: Date) -> CatalogRow.Holding {
        guard let entitlement = entitlements[product.id] else {
            return product.type == .consumable ? .credited(credits[product.id] ?? 0) : .none
        }
        if refunded.contains(entitlement.transactionId) { return .refunded }
        guard let expires = entitlement.expires else { return .owned }
        guard expires > now else { return .expired }
        return .until(expires, trial: kinds[entitlement.transactionId] == .trial)
    }
}
