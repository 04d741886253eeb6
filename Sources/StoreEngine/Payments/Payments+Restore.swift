import Foundation
import IAPCore
import Storage

/// What the account has brought back: a restore (StoreKit 1), `AppStore.sync()` and the current
/// entitlements (StoreKit 2), and the unfinished transactions redelivered to a new observer.
extension Payments {
    /// The latest paid, unrefunded transaction of each non-consumable and subscription the
    /// account bought, then each one a family member shares with it: what a restore brings back.
    func restorable() throws(StorageError) -> [StoreRecord] {
        let held = catalog.products.filter { $0.type == .nonConsumable || $0.type == .autoRenewable }.map(\.id)
        return try database.latestPaid(account: account, products: held, where: "refunded = 0 AND state = 'purchased'")
            + family.liveShares(account: account, products: held)
    }

    func restore(link: Link) throws(StorageError) {
        let toRestore = try restorable()
        for original in toRestore {
            let id = try database.nextTransactionId()
            let restored = try signatures.signing(StoreRecord(
                id: id, originalId: original.originalId, productId: original.productId, account: account,
                state: .restored, kind: .restore, charged: false, finished: false, refunded: false,
                date: link.now, error: nil, receipt: try receipts.receipt(proving: original, at: link.now)), at: link.now)
            try database.insert(restored)
            link.send(.transactionUpdated(restored.asTransaction))
        }
        link.send(.restoreCompleted(.finished(restored: toRestore.count)))
    }

    /// `AppStore.sync()`: the account's current entitlements come again through
    /// `Transaction.updates`, as the transactions that bought them (no new transactions).
    func sync(link: Link) throws(StorageError) {
        let entitlements = try restorable()
        for record in entitlements {
            link.send(.transactionUpdate(try signatures.signedTransaction(record, at: link.now, state: .restored)))
        }
        link.send(.restoreCompleted(.finished(restored: entitlements.count)))
    }

    /// `Transaction.currentEntitlements`: the latest transaction of each non-consumable, of each
    /// auto-renewable subscription active now (in its period, or in a billing grace period) and
    /// of each non-renewing subscription, finished or not, that the account bought and the App
    /// Store did not revoke.
    func currentEntitlements(link: Link) throws(StorageError) {
        let held = catalog.products.filter { $0.type != .consumable }.map(\.id)
        var entitled: [SignedTransaction] = [], seen: Set<String> = []
        let paid = try database.latestPaid(account: account, products: held, where: "refunded = 0 AND state = 'purchased'")
            + family.liveShares(account: account, products: held)
        // The latest of each product: a non-renewing subscription bought twice has two originals.
        for record in paid.reversed() where seen.insert(record.productId).inserted {
            if catalog.type(ofProduct: record.productId) == .autoRenewable {
                let until = [periods.expiry(of: record), try periods.graceUntil(of: record)].compactMap { $0 }.max()
                guard let until, until > link.now else { continue }
            }
            entitled.insert(try signatures.signedTransaction(record, at: link.now), at: 0)
        }
        link.send(.currentEntitlements(entitled))
    }

    /// Redelivers every unfinished transaction of the account. Under StoreKit 1 they come in one
    /// call of the observer, and a consumable's purchase comes with the account's receipt as it
    /// is now, read and signed once for all of them (it lists every unfinished consumable), as an
    /// app reads its current receipt for a transaction the queue redelivers; any other
    /// transaction with the receipt kept in its row.
    /// The rows are read without their receipts: N consumables cost one receipt, not N ever
    /// longer ones.
    func redeliverUnfinished(link: Link) throws(StorageError) {
        let unfinished = "finished = 0 AND account = ?"
        guard api == .storekit1 else {
            var delivered: Set<TransactionID> = []
            for record in try database.records(where: unfinished, [.text(account)]) where record.isUnfinished {
                guard let shown = try signatures.storeKit2Transaction(of: record), delivered.insert(shown.id).inserted else { continue }
                try signatures.deliver(shown, as: record.kind == .restore ? .restored : nil, link: link)
            }
            return
        }
        var current: String?
        var updated: [StoreTransaction] = []
        let records = try database.records(where: unfinished, [.text(account)], withReceipts: false)
        for record in records where record.isUnfinished {
            if record.state == .purchased, record.kind != .restore, catalog.type(ofProduct: record.productId) == .consumable {
                if current == nil {
                    current = try receipts.receipt(account: account, leading: nil, holdings: try receipts.holdings(of: account, unfinished: records),
                                                   at: link.now)
                }
                updated.append(record.with(receipt: current).asTransaction)
            } else if let whole = try database.record(id: record.id) {
                updated += try receipts.handingOut([whole]).map(\.asTransaction)
            }
        }
        // One call of the observer for all of them, as the queue makes it.
        if updated.count == 1, let only = updated.first {
            link.send(.transactionUpdated(only))
        } else if !updated.isEmpty {
            link.send(.transactionsUpdated(updated))
        }
    }
}
