import Foundation
import IAPClient
import IAPCore
import OrderServer
import StoreEngine

/// What the world's files hold, read without taking the writer lock or changing anything, so
/// that `audit` and `state` work beside a running TUI.
public struct WorldSnapshot: Sendable {
    public let transactions: [StoreRecord]
    public let ledger: Ledger
    public let cache: CacheContents
    public let settings: WorldSettings

    public init(transactions: [StoreRecord], ledger: Ledger, cache: CacheContents, settings: WorldSettings) {
        self.transactions = transactions
        self.ledger = ledger
        self.cache = cache
        self.settings = settings
    }

    /// Reads every party's files in `directory`; a world never started reads as empty, and
    /// files that are not one world's are refused as when the world opens (`StoreHistoryCheck`).
    /// The Store and the Server are read as one moment (`ConsistentRead`), so that a reader beside
    /// a running writer never sees a credit without its transaction, or the reverse.
    public static func read(_ directory: DataDirectory) throws(WorldError) -> WorldSnapshot {
        try read(directory, afterServerRead: {})
    }

    static func read(_ directory: DataDirectory, afterServerRead: () -> Void) throws(WorldError) -> WorldSnapshot {
        try directory.requireWorld()
        try StoreHistoryCheck.check(directory)
        let transactions: [StoreRecord]
        let ledger: Ledger
        do {
            (transactions, ledger) = try ConsistentRead.read(storePath: directory.storeDatabase, serverPath: directory.serverDatabase,
                                                             afterServerRead: afterServerRead)
        } catch {
            throw .file(path: error.path, problem: error.problem)
        }
        let cache: CacheContents
        do {
            cache = try PendingOrderCache.read(path: directory.pendingOrders)
        } catch {
            throw .file(path: error.path, problem: error.placedProblem)
        }
        return WorldSnapshot(transactions: transactions, ledger: ledger, cache: cache,
                             settings: try WorldSettings.load(path: directory.settings))
    }

    /// The audit of this snapshot.
    public func audit(catalog: Catalog) -> Audit {
        Audit(transactions: transactions, ledger: ledger, pendingOrders: cache.orders, catalog: catalog)
    }
}
