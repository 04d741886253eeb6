import IAPCore
import OrderServer
import StoreEngine
import WorldCore

/// A currency whose balance at the Server is not what its credits and the refunds it took back
/// add up to: coins nobody paid for, or coins taken that no refund took.
public struct BalanceMismatch: Sendable, Equatable {
    public let currency: String
    /// The balance the Server holds.
    public let balance: Int
    /// What the credits of consumables grant, less the grants of the credited purchases the Store
    /// refunded and whose refund notification the Server processed.
    public let expected: Int

    /// Every currency whose balance at the Server differs from what `granted` (the grants of every
    /// credit, by currency) less the refunds the Server took back adds up to. A refund is taken
    /// back once, for a credited consumable the Store refunded, when the Server processed the
    /// Store's REFUND notification of it: its notification, not the Server's word, says so.
    static func find(balances: [String: Int], granted: [String: Int], creditPlaces: [TransactionID: [Int]],
                     notifications: [PostedNotification]?, processed: Set<String>,
                     record: (TransactionID) -> StoreRecord?, catalog: Catalog) -> [BalanceMismatch] {
        var expected = granted
        var takenBack: Set<TransactionID> = []
        for posted in notifications ?? [] {
            let notification = posted.notification
            guard notification.type == .refund, processed.contains(notification.uuid), let id = notification.transactionId,
                  creditPlaces[id] != nil, let refunded = record(id), refunded.refunded,
                  let product = catalog.product(id: refunded.productId), product.type == .consumable,
                  takenBack.insert(refunded.id).inserted
            else { continue }
            for part in product.grantInOrder { expected[part.currency, default: 0] -= part.amount }
        }
        return Set(balances.keys).union(expected.keys).sorted().compactMap { currency in
            let (held, owed) = (balances[currency] ?? 0, expected[currency] ?? 0)
            return held == owed ? nil : BalanceMismatch(currency: currency, balance: held, expected: owed)
        }
    }
}
