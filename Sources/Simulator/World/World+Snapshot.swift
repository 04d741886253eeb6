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
        let cache: CacheContents
        do {
            cache = try PendingOrderCache.read(path: directory.pendingOrders)
        } catch {
            throw .file(path: directory.pendingOrders, problem: error.problem)
        }
        return WorldSnapshot(transactions: reads.transactions, ledger: reads.ledger, cache: cache, settings: settings,
                             rootCertificate: store.rootCertificate?.pem,
                             notifications: store.notificationsOn || !reads.posted.isEmpty ? reads.posted : nil,
                             offers: store.appliedOffers, appAccountTokens: reads.tokens, earlyEnds: reads.earlyEnds,
                             refunds: reads.refunds)
    }

    /// The audit of `snapshot`, made again only when the history, the cache, the root or the
    /// notifications switch changed since the last.
    func audit(of snapshot: WorldSnapshot) -> Audit {
        let inputs = historyReads?.stamp.map { stamp in
            AuditInputs(history: stamp, cache: snapshot.cache, rootCertificate: snapshot.rootCertificate,
                        notificationsOn: snapshot.notifications != nil)
        }
        if let inputs, let kept = viewAudit, kept.inputs == inputs { return kept.audit }
        let audit = snapshot.audit(catalog: catalog)
        viewAudit = inputs.map { ($0, audit) }
        return audit
    }

    /// The Store's and the Server's history, as last read while neither was written since.
    private func readHistory() throws(WorldError) -> HistoryReads {
        let stamp = HistoryReads.stamp(store, server)
        if let stamp, let kept = historyReads, kept.stamp == stamp { return kept }
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
        let reads: HistoryReads
        do {
            reads = HistoryReads(stamp: stamp, transactions: transactions, ledger: ledger, posted: try store.postedNotifications(),
                                 tokens: try store.appAccountTokens(), earlyEnds: try store.earlyEnds(),
                                 refunds: try store.refundFigures())
        } catch {
            throw .file(path: directory.storeDatabase, problem: error.problem)
        }
        historyReads = reads
        return reads
    }
}
