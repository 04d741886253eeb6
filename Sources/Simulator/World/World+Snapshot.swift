import Foundation
import IAPCore
import IAPClient
import IAPCore
import OrderServer
import StoreEngine

extension World {
    /// What every party holds right now: the Store's and Server's databases and the cache as
    /// it is on disk.
    public func snapshot() throws(WorldError) -> WorldSnapshot {
        let transactions: [StoreRecord]
        do {
            transactions = try store.transactions()
        } catch {
            throw .file(path: directory.storeDatabase, problem: error.problem)
        }
        let ledger: Ledger
        do {
            ledger = try server.ledger()
        } catch {
            throw .file(path: directory.serverDatabase, problem: error.storage.problem)
        }
        let cache: CacheContents
        do {
            cache = try PendingOrderCache.read(path: directory.pendingOrders)
        } catch {
            throw .file(path: directory.pendingOrders, problem: error.problem)
        }
        let posted: [PostedNotification], tokens: [TransactionID: String], earlyEnds: [TransactionID: Date]
        let refunds: RefundFigures
        do {
            posted = try store.postedNotifications()
            tokens = try store.appAccountTokens()
            earlyEnds = try store.earlyEnds()
            refunds = try store.refundFigures()
        } catch {
            throw .file(path: directory.storeDatabase, problem: error.problem)
        }
        return WorldSnapshot(transactions: transactions, ledger: ledger, cache: cache, settings: settings,
                             rootCertificate: store.rootCertificate?.pem,
                             notifications: store.notificationsOn || !posted.isEmpty ? posted : nil, offers: store.appliedOffers,
                             appAccountTokens: tokens, earlyEnds: earlyEnds, refunds: refunds)
    }
}
