import Foundation
import IAPClient
import IAPCore
import OrderServer
import StoreEngine
import WorldCore

/// What a snapshot or a view reads of the Store's and the Server's databases, in proportion to
/// the history, kept from read to read with the write stamps of both: while neither database was
/// written since, the same reads would give the same; after a write, the rows it wrote are read
/// again and the rest kept (`Store.records(updating:)`, `OrderServer.ledger(updating:)`), and
/// the audit's tally counts only those again.
struct HistoryReads {
    /// `Store.writeStamp` and `OrderServer.writeStamp` at the read.
    struct Stamp: Equatable {
        let store: Int64
        let server: Int64
    }

    let stamp: Stamp?
    let records: KeptRecords
    let ledger: KeptLedger
    let posted: [PostedNotification]
    let tokens: [TransactionID: String]
    let earlyEnds: [TransactionID: Date]
    let refunds: RefundFigures
    private(set) var tally: AuditTally
    private(set) var viewTally: ViewTally

    /// Every transaction, by id.
    var transactions: ChunkedArray<StoreRecord> { records.records }

    /// The stamps of `store` and `server` now; nil while either has a batch open.
    static func stamp(_ store: Store, _ server: OrderServer) -> Stamp? {
        guard let storeStamp = store.writeStamp, let serverStamp = server.writeStamp else { return nil }
        return Stamp(store: storeStamp, server: serverStamp)
    }

    /// The tallies of `records` and `ledger`: `kept`'s, counting again the transactions written
    /// and the credits added since, or made anew when either was read again whole. The tallies
    /// are taken out of `kept`, so that counting changes them in place rather than a copy of
    /// every credit's place.
    static func tallies(_ kept: inout HistoryReads?, _ records: KeptRecords, _ ledger: KeptLedger,
                        catalog: Catalog) -> (audit: AuditTally, view: ViewTally) {
        let credits = ledger.ledger.credits
        guard let before = kept?.transactions, let written = records.written,
              ledger.keptCredits == kept?.ledger.ledger.credits.count, var (tally, viewTally) = kept?.takeTallies() else {
            return (AuditTally(records: records.records, credits: credits, catalog: catalog),
                    ViewTally(records: records.records, credits: credits, catalog: catalog))
        }
        for id in written.sorted() {
            let (old, new) = (before.record(id), records.records.record(id))
            tally.replace(old, with: new, credits: credits)
            viewTally.replace(old, with: new)
        }
        for place in ledger.keptCredits..<credits.count {
            tally.add(credits[place], at: place, record: records.records.record(credits[place].transactionId))
            viewTally.add(credits[place])
        }
        return (tally, viewTally)
    }

    /// The tallies, leaving empty ones in their place.
    private mutating func takeTallies() -> (AuditTally, ViewTally) {
        var taken = (AuditTally(catalog: tally.catalog), ViewTally(catalog: viewTally.catalog))
        swap(&taken.0, &tally)
        swap(&taken.1, &viewTally)
        return taken
    }

    /// The notifications the Store posted, nil when it never posted any and they are off.
    func postedNotifications(on notificationsOn: Bool) -> [PostedNotification]? {
        notificationsOn || !posted.isEmpty ? posted : nil
    }
}

/// Everything an audit is made from besides `HistoryReads`: the same inputs with the same
/// history stamp give the same audit.
struct AuditInputs: Equatable {
    let history: HistoryReads.Stamp
    let cache: CacheContents
    let rootCertificate: String?
    let notificationsOn: Bool
}
