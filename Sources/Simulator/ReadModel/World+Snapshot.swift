import Foundation
import IAPClient
import IAPCore
import OrderServer
import StoreEngine

extension World {
    /// What every party holds right now: the Store's and Server's databases and the cache as
    /// it is on disk. The databases' history is read again only after either was written.
    public func snapshot() throws(WorldError) -> WorldSnapshot {
        let reads = try readHistory()
        return WorldSnapshot(transactions: Array(reads.transactions), ledger: reads.ledger.ledger, cache: try readCache(),
                             settings: settings, rootCertificate: store.rootCertificate?.pem,
                             notifications: postedNotifications(reads), offers: store.appliedOffers,
                             appAccountTokens: reads.tokens, earlyEnds: reads.earlyEnds, refunds: reads.refunds)
    }

    /// The audit of this moment: what `snapshot().audit(catalog:)` finds, made from the tally the
    /// world keeps of its history, so that it costs in proportion to what was written since the last.
    public func audit() throws(WorldError) -> Audit {
        audit(of: try readHistory(), cache: try readCache())
    }

    /// The pending-order cache as it is on disk.
    func readCache() throws(WorldError) -> CacheContents {
        do {
            return try PendingOrderCache.read(path: directory.pendingOrders)
        } catch {
            throw .file(path: directory.pendingOrders, problem: error.problem)
        }
    }

    /// The notifications the Store posted, nil when it never posted any and they are off.
    func postedNotifications(_ reads: HistoryReads) -> [PostedNotification]? {
        reads.postedNotifications(on: store.notificationsOn)
    }

    /// The audit of `reads` with `cache`, as the read model keeps it.
    func audit(of reads: HistoryReads, cache: CacheContents) -> Audit {
        readModel.audit(of: reads, cache: cache, store: store, catalog: catalog)
    }

    /// The Store's and the Server's history, as the read model keeps it.
    func readHistory() throws(WorldError) -> HistoryReads {
        try readModel.history(of: store, server, catalog: catalog, directory: directory)
    }
}
