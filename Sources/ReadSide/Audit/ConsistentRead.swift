import Foundation
import OrderServer
import Storage
import StoreEngine
import WorldCore

/// Reads the Store's transactions and the Server's ledger as one moment, beside a running writer.
///
/// The Server is read first (one read transaction), then the Store's moment is fixed (its own
/// read transaction), then the Server's credits are counted again. Credits are only ever added,
/// so an unchanged count means the credits did not change from the end of the first read to
/// after the Store's moment: the ledger read is the ledger at the Store's moment. Reading the
/// Server first alone would not do: a purchase credited after that read and finished before the
/// Store's would look paid, finished and never credited (lost). When the count moved, the read
/// starts again; the window is two short queries, so a busy writer rarely forces a retry.
enum ConsistentRead {
    static let attempts = 1_000

    /// The transactions and the ledger of one moment. `afterServerRead` runs between the first
    /// read of the Server and the Store's moment (a seam for tests to write there).
    static func read(storePath: String, serverPath: String,
                     afterServerRead: () -> Void = {}) throws(StorageError) -> (transactions: [StoreRecord], ledger: Ledger) {
        let fileManager = FileManager.default
        let store = fileManager.fileExists(atPath: storePath) ? try StoreReader(path: storePath) : nil
        guard fileManager.fileExists(atPath: serverPath) else {
            return (try store?.transactions { true } ?? [], .empty)
        }
        let server = try LedgerReader(path: serverPath)
        for _ in 0..<attempts {
            let ledger = try server.ledger()
            afterServerRead()
            guard let store else { return ([], ledger) }
            let pinned = { () throws(StorageError) -> Bool in try server.creditCount() == ledger.credits.count }
            if let transactions = try store.transactions(pinned: pinned) {
                return (transactions, ledger)
            }
        }
        throw StorageError(path: serverPath, problem: "kept changing while it was read \(attempts) times; try again")
    }
}
