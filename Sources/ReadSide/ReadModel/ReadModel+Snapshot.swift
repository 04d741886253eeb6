import Foundation
import IAPClient
import IAPCore
import OrderServer
import StoreEngine
import WorldCore

extension ReadModel {
    /// What every party holds right now: the Store's and Server's databases and the cache as
    /// it is on disk. The databases' history is read again only after either was written.
    public func snapshot() throws(WorldError) -> WorldSnapshot {
        let reads = try readHistory()
        return WorldSnapshot(transactions: Array(reads.transactions), ledger: reads.ledger.ledger, cache: try readCache(),
                             settings: world.settings, rootCertificate: world.store.rootCertificate?.pem,
                             notifications: postedNotifications(reads), offers: world.store.appliedOffers,
                             appAccountTokens: reads.tokens, earlyEnds: reads.earlyEnds, refunds: reads.refunds,
                             transactionIds: world.store.transactionIds)
    }

    /// The audit of this moment: what `snapshot().audit(catalog:)` finds, made from the tally the
    /// world keeps of its history, so that it costs in proportion to what was written since the last.
    public func audit() throws(WorldError) -> Audit {
        guard world.settings.serverURL == nil else { return try snapshot().audit(catalog: world.catalog) }
        return audit(of: try readHistory(), cache: try readCache())
    }

    /// The pending-order cache as it is on disk.
    func readCache() throws(WorldError) -> CacheContents {
        do {
            return try PendingOrderCache.read(path: world.directory.pendingOrders)
        } catch {
            throw .file(path: world.directory.pendingOrders, problem: error.problem)
        }
    }

    /// The notifications the Store posted, nil when it never posted any and they are off.
    func postedNotifications(_ reads: HistoryReads) -> [PostedNotification]? {
        reads.postedNotifications(on: world.store.notificationsOn)
    }
}
