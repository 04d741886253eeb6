import Foundation
import IAPClient
import IAPCore
import OrderServer
import PlayEngine
import StoreEngine
import WorldCore

extension ReadModel {
    /// What every party holds right now: the Store's and Server's databases and the cache as
    /// it is on disk. The databases' history is read again only after either was written.
    public func snapshot() throws(WorldError) -> WorldSnapshot {
        let reads = try readHistory()
        var snapshot = WorldSnapshot(transactions: Array(reads.transactions), ledger: reads.ledger.ledger, cache: try readCache(),
                                     settings: world.settings, rootCertificate: world.store.rootCertificate?.pem,
                                     notifications: postedNotifications(reads), offers: world.store.appliedOffers,
                                     appAccountTokens: reads.tokens, earlyEnds: reads.earlyEnds, refunds: reads.refunds,
                                     transactionIds: world.store.transactionIds)
        snapshot.playPurchases = try playPurchases()
        snapshot.playNotifications = try playNotifications()
        return snapshot
    }

    /// Google Play's purchases, in a world that sells there; nil on the App Store.
    public func playPurchases() throws(WorldError) -> [PlayPurchaseRecord]? {
        do {
            return try world.play?.records()
        } catch {
            throw .file(path: world.directory.playDatabase, problem: error.problem)
        }
    }

    /// Google Play's Real-time developer notifications, in a world that sells there; empty on the App Store.
    func playNotifications() throws(WorldError) -> [PublishedNotification] {
        do {
            return try world.play?.publishedNotifications() ?? []
        } catch {
            throw .file(path: world.directory.playDatabase, problem: error.problem)
        }
    }

    /// The audit of this moment: what `snapshot().audit(catalog:)` finds, made from the tally the
    /// world keeps of its history, so that it costs in proportion to what was written since the last.
    public func audit() throws(WorldError) -> Audit {
        if let purchases = try playPurchases() {
            guard world.settings.serverURL == nil else { return try snapshot().audit(catalog: world.catalog) }
            return Audit(play: purchases, notifications: try playNotifications(), ledger: try readHistory().ledger.ledger,
                         pendingOrders: try readCache().orders, catalog: world.catalog)
        }
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
