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
        store.notificationsOn || !reads.posted.isEmpty ? reads.posted : nil
    }

    /// The audit of `reads` with `cache`, made from the tally of `reads`, and made again only when
    /// the history, the cache, the root or the notifications switch changed since the last. The
    /// Server reconciles transaction histories once it has pinned the Store's root.
    func audit(of reads: HistoryReads, cache: CacheContents) -> Audit {
        let rootCertificate = store.rootCertificate?.pem
        let notifications = postedNotifications(reads)
        let inputs = reads.stamp.map { stamp in
            AuditInputs(history: stamp, cache: cache, rootCertificate: rootCertificate, notificationsOn: notifications != nil)
        }
        if let inputs, let kept = viewAudit, kept.inputs == inputs { return kept.audit }
        let transactions = reads.transactions
        let audit = Audit(tally: reads.tally, record: { transactions.record($0) }, ledger: reads.ledger.ledger,
                          pendingOrders: cache.orders, catalog: catalog, notifications: notifications,
                          history: rootCertificate == nil ? nil : reads.tokens, offers: store.appliedOffers,
                          earlyEnds: reads.earlyEnds, refunds: reads.refunds)
        viewAudit = inputs.map { ($0, audit) }
        return audit
    }

    /// The Store's and the Server's history: as last read while neither was written since, else
    /// what was last read with the rows written since read again.
    func readHistory() throws(WorldError) -> HistoryReads {
        let stamp = HistoryReads.stamp(store, server)
        if let stamp, let kept = historyReads, kept.stamp == stamp { return kept }
        // Let go of what was kept first: a read that fails after taking the writes since reads all again next time.
        var kept = historyReads
        historyReads = nil
        let records: KeptRecords
        do {
            records = try store.records(updating: kept?.transactions)
        } catch {
            throw .file(path: directory.storeDatabase, problem: error.problem)
        }
        let ledger: KeptLedger
        do {
            ledger = try server.ledger(updating: kept?.ledger)
        } catch {
            throw .file(path: directory.serverDatabase, problem: error.storage.problem)
        }
        let others: (posted: [PostedNotification], tokens: [TransactionID: String], earlyEnds: [TransactionID: Date],
                     refunds: RefundFigures)
        if let kept, !records.othersWritten {
            others = (kept.posted, kept.tokens, kept.earlyEnds, kept.refunds)
        } else {
            do {
                others = (try store.postedNotifications(), try store.appAccountTokens(), try store.earlyEnds(),
                          try store.refundFigures())
            } catch {
                throw .file(path: directory.storeDatabase, problem: error.problem)
            }
        }
        let tallies = HistoryReads.tallies(&kept, records, ledger, catalog: catalog)
        let reads = HistoryReads(stamp: stamp, records: records, ledger: ledger, posted: others.posted, tokens: others.tokens,
                                 earlyEnds: others.earlyEnds, refunds: others.refunds, tally: tallies.audit,
                                 viewTally: tallies.view)
        historyReads = reads
        return reads
    }
}
