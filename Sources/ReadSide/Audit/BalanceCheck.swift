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
    /// What the credits of consumables grant, less the grants of the credited purchases whose
    /// refund notification the Server processed, more those whose refund's reversal it processed.
    public let expected: Int

    /// Every currency whose balance at the Server differs from what `granted` (the grants of every
    /// credit, by currency) less the refunds the Server took back adds up to. A grant is taken
    /// back once for each REFUND notification of a credited consumable the Store refunded (or
    /// refunded and reversed since) that the Server processed, and given back once for each
    /// REFUND_REVERSED notification of it the Server processed, never more than was taken back:
    /// the notifications, not the Server's word, say so.
    static func find(balances: [String: Int], granted: [String: Int], creditPlaces: [TransactionID: [Int]],
                     notifications: [PostedNotification]?, processed: Set<String>,
                     record: (TransactionID) -> StoreRecord?, catalog: Catalog) -> [BalanceMismatch] {
        var expected = granted
        var refunds: [TransactionID: Int] = [:], reversals: [TransactionID: Int] = [:]
        var order: [TransactionID] = [], counted: Set<String> = [], reversed: Set<TransactionID> = []
        for posted in notifications ?? [] {
            let notification = posted.notification
            if notification.type == .refundReversed, let id = notification.transactionId { reversed.insert(id) }
            guard notification.type == .refund || notification.type == .refundReversed, processed.contains(notification.uuid),
                  let id = notification.transactionId, creditPlaces[id] != nil, counted.insert(notification.uuid).inserted
            else { continue }
            if refunds[id] == nil, reversals[id] == nil { order.append(id) }
            if notification.type == .refund { refunds[id, default: 0] += 1 } else { reversals[id, default: 0] += 1 }
        }
        for id in order {
            let taken = refunds[id] ?? 0
            // A REFUND of a purchase the Store holds unrefunded counts only when the Store reversed a refund of it.
            guard let refunded = record(id), refunded.refunded || reversed.contains(id),
                  let product = catalog.product(id: refunded.productId), product.type == .consumable
            else { continue }
            let standing = taken - min(reversals[id] ?? 0, taken)
            for part in product.grantInOrder { expected[part.currency, default: 0] -= standing * part.amount }
        }
        return Set(balances.keys).union(expected.keys).sorted().compactMap { currency in
            let (held, owed) = (balances[currency] ?? 0, expected[currency] ?? 0)
            return held == owed ? nil : BalanceMismatch(currency: currency, balance: held, expected: owed)
        }
    }
}
