import Foundation
import IAPClient
import IAPCore
import OrderServer
import StoreEngine

/// What a snapshot reads of the Store's and the Server's databases, in proportion to the history,
/// with the write stamps of both at the read: while neither database was written since, the same
/// reads would give the same, so a view or snapshot made again reads none of it.
struct HistoryReads {
    /// `Store.writeStamp` and `OrderServer.writeStamp` at the read.
    struct Stamp: Equatable {
        let store: Int64
        let server: Int64
    }

    let stamp: Stamp?
    let transactions: [StoreRecord]
    let ledger: Ledger
    let posted: [PostedNotification]
    let tokens: [TransactionID: String]
    let earlyEnds: [TransactionID: Date]
    let refunds: RefundFigures

    /// The stamps of `store` and `server` now; nil while either has a batch open.
    static func stamp(_ store: Store, _ server: OrderServer) -> Stamp? {
        guard let storeStamp = store.writeStamp, let serverStamp = server.writeStamp else { return nil }
        return Stamp(store: storeStamp, server: serverStamp)
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
