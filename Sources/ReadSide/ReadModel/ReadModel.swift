import Foundation
import IAPClient
import IAPCore
import OrderServer
import StoreEngine
import WorldCore

/// The world's read model: what the faces read (the view, the audit, the snapshot), made from
/// the Store's and the Server's history, with what it keeps from read to read. Each kept part
/// is made again only when what it was made from changed: the databases' stamp, which any
/// write to either changes (`HistoryReads.stamp`); for the audit also the cache, the pinned
/// root and the notifications switch; for the view's history also the account signed in.
public final class ReadModel {
    /// The world read.
    public let world: World
    /// The history last read of the Store and the Server, kept while neither database was written.
    private var keptHistory: HistoryReads?
    /// The audit last made, kept while nothing it was made from changed.
    private var keptAudit: (inputs: AuditInputs, audit: Audit)?
    /// What the last view derived from the history alone, kept while the history is.
    private var keptViewHistory: ViewHistory?

    /// A read model of `world`, keeping nothing yet.
    public init(_ world: World) {
        self.world = world
    }

    /// The audit of `reads` with `cache`, made from the tally of `reads`, and made again only when
    /// the history, the cache, the root or the notifications switch changed since the last. The
    /// Server reconciles transaction histories once it has pinned the Store's root.
    func audit(of reads: HistoryReads, cache: CacheContents) -> Audit {
        let (store, catalog) = (world.store, world.catalog)
        let rootCertificate = store.rootCertificate?.pem
        let notifications = reads.postedNotifications(on: store.notificationsOn)
        let inputs = reads.stamp.map { stamp in
            AuditInputs(history: stamp, cache: cache, rootCertificate: rootCertificate, notificationsOn: notifications != nil)
        }
        if let inputs, let kept = keptAudit, kept.inputs == inputs { return kept.audit }
        let transactions = reads.transactions
        let audit = Audit(tally: reads.tally, record: { transactions.record($0) }, ledger: reads.ledger.ledger,
                          pendingOrders: cache.orders, catalog: catalog, notifications: notifications,
                          history: rootCertificate == nil ? nil : reads.tokens, offers: store.appliedOffers,
                          earlyEnds: reads.earlyEnds, refunds: reads.refunds)
        keptAudit = inputs.map { ($0, audit) }
        return audit
    }

    /// The Store's and the Server's history: as last read while neither was written since, else
    /// what was last read with the rows written since read again.
    func readHistory() throws(WorldError) -> HistoryReads {
        let (store, server, catalog, directory) = (world.store, world.server, world.catalog, world.directory)
        let stamp = HistoryReads.stamp(store, server)
        if let stamp, let kept = keptHistory, kept.stamp == stamp { return kept }
        // Let go of what was kept first: a read that fails after taking the writes since reads all again next time.
        var kept = keptHistory
        keptHistory = nil
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
        keptHistory = reads
        return reads
    }

    /// What the view derives from the history of `reads` alone, made again only when the
    /// history changed (`keptHistory`), from the tallies kept with it: the transactions it
    /// names and the credits, looked up by id, not gone through.
    func viewHistory(of reads: HistoryReads) -> ViewHistory {
        let (store, catalog) = (world.store, world.catalog)
        let stamp = reads.stamp
        if let stamp, let kept = keptViewHistory, kept.stamp == stamp, kept.index.account == store.account { return kept }
        let records = reads.transactions
        let index = HistoryIndex(records: records, ledger: reads.ledger.ledger, creditsByProduct: reads.viewTally.creditsByProduct,
                                 account: store.account)
        let credits = reads.ledger.ledger.credits
        let made = ViewHistory(
            stamp: stamp, offers: Self.transactionOffers(reads, store: store, catalog: catalog), index: index,
            queue: reads.viewTally.queued.sorted().compactMap { records.record($0) },
            credits: CreditRows(count: credits.count) { place in
                let credit = credits[place]
                return CreditRow(transactionId: credit.transactionId, productId: credit.productId, grant: credit.grant,
                                 refunded: index.refunded(credit.transactionId))
            })
        keptViewHistory = made
        return made
    }

    /// The offers the charged transactions were bought or renewed under, a free trial among
    /// them, by transaction: those the Store kept an offer for, and the trials.
    private static func transactionOffers(_ reads: HistoryReads, store: Store, catalog: Catalog) -> [TransactionID: TransactionOffer] {
        var offers: [TransactionID: TransactionOffer] = [:]
        for id in reads.viewTally.trials.union(store.appliedOffers.keys) {
            guard let record = reads.transactions.record(id), record.charged, let applied = store.appliedOffer(of: record),
                  let product = catalog.product(id: record.productId) else { continue }
            offers[record.id] = TransactionOffer(applied, of: product)
        }
        return offers
    }
}
