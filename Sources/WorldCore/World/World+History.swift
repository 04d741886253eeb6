import Foundation
import IAPClient
import IAPCore
import StoreEngine

extension World {
    /// Gives the world `count` past purchases of the consumable `productId`, written straight
    /// into the Store's and the Server's databases as that many settled purchases leave them
    /// (charged, signed, finished, credited once, the balance raised), in batches of
    /// `purchasesPerBatch`, one database transaction per party each; the clock moves past the
    /// last. How the benchmark builds a world with a long history without replaying it. Refused
    /// while the app runs or a message is in flight.
    public func recordPastPurchases(_ count: Int, of productId: String) throws(WorldActionError) {
        guard !appStatus.isRunning, messagesInFlight.isEmpty else {
            throw .refused(.pastPurchasesWhileBusy)
        }
        var recorded = 0
        while recorded < count {
            let batch = min(Self.purchasesPerBatch, count - recorded)
            let entries: [ReceiptEntry]
            do {
                entries = try store.recordPastPurchases(batch, of: productId, from: now, spacingMillis: Self.millisPerMessage)
            } catch {
                if case .refused(let refusal) = error { throw .refused(.store(refusal)) }
                throw .failed(.file(path: directory.storeDatabase, problem: error.problem))
            }
            do {
                _ = try server.creditPast(entries)
            } catch {
                throw .failed(.file(path: directory.serverDatabase, problem: error.storage.problem))
            }
            do {
                try passClock(byMillis: Int64(batch) * Self.millisPerMessage)
            } catch {
                throw .failed(error)
            }
            recorded += batch
        }
        do {
            try record(.command, from: .user, to: nil, what: .user(.pastPurchasesRecorded(count, productId: productId)), transactionId: nil)
        } catch {
            throw .failed(error)
        }
    }

    /// Gives the world `count` purchases of the consumable `productId` left pending as a run of
    /// purchases leaves them while the Server is down: charged by the Store and handed to the
    /// app, which kept each in its cache with the receipt it got and never finished it; the
    /// Server never heard of them. Written straight into the Store's database (one transaction),
    /// the cache (one append) and the app's receipt; the clock moves past the last. How the
    /// benchmark builds a world with many orders to recover without buying them one by one.
    /// Refused while the app runs or a message is in flight.
    public func recordPendingPurchases(_ count: Int, of productId: String) throws(WorldActionError) {
        guard !appStatus.isRunning, messagesInFlight.isEmpty else {
            throw .refused(.pendingPurchasesWhileBusy)
        }
        let purchases: [StoreRecord]
        do {
            purchases = try store.recordUnfinishedPurchases(count, of: productId, from: now, spacingMillis: Self.millisPerMessage)
        } catch {
            if case .refused(let refusal) = error { throw .refused(.store(refusal)) }
            throw .failed(.file(path: directory.storeDatabase, problem: error.problem))
        }
        let serverProductId = catalog.product(id: productId)?.serverProductId
        let orders = purchases.compactMap { purchase in
            purchase.receipt.map { PendingOrder(transactionId: purchase.id, productId: productId, serverProductId: serverProductId, receipt: $0) }
        }
        do {
            try PendingOrderCache(path: directory.pendingOrders).save(orders)
        } catch {
            throw .failed(.file(path: error.path, problem: error.placedProblem))
        }
        do {
            if let last = orders.last { try AppReceipt(path: directory.receipt).save(last.receipt) }
        } catch {
            throw .failed(.file(path: directory.receipt, problem: error.problem))
        }
        do {
            try passClock(byMillis: Int64(count) * Self.millisPerMessage)
            try record(.command, from: .user, to: nil, what: .user(.pendingPurchasesRecorded(count, productId: productId)), transactionId: nil)
        } catch {
            throw .failed(error)
        }
    }

    /// Past purchases written to one database transaction: bounded memory, few commits.
    static let purchasesPerBatch = 10_000
}
