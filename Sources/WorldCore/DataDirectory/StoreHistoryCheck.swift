import Foundation
import IAPClient
import IAPCore
import OrderServer
import StoreEngine

/// Refuses a `store.sqlite` and `server.sqlite` that are not one world's: files of two worlds
/// (swapped or copied in), one of them gone while the other remembers it, or a Store whose
/// history contradicts the Server's ledger (emptied, replaced, or gone while the Server kept its
/// credits), so that the Store would hand out ids the Server has already credited and a new
/// payment would be answered "already credited" and lost. Reads both files without changing
/// them, before the world opens either for writing.
package enum StoreHistoryCheck {
    /// Throws, naming the file and the contradiction. A world that sells on Google Play has an
    /// idle App Store: only the two files' world is checked there (Play's order numbers are
    /// scattered, not issued in order, so the Store's history says nothing of its credits), and
    /// that Google Play's file is there when the Server credited what it sold.
    package static func check(_ directory: DataDirectory, sellsOn kind: StoreKind = .appStore) throws(WorldError) {
        let storeFile = DatabaseFile(path: directory.storeDatabase), serverFile = DatabaseFile(path: directory.serverDatabase)
        let store: (lastIssuedId: TransactionID?, worldId: String?)?
        let server: (highestCreditedId: TransactionID?, worldId: String?)?
        do {
            server = serverFile == .missing ? nil : try OrderServer.readHistory(path: directory.serverDatabase)
            store = storeFile == .missing ? nil : try Store.readHistory(path: directory.storeDatabase)
        } catch {
            throw .file(path: error.path, problem: error.problem)
        }
        if let storeWorld = store?.worldId, let serverWorld = server?.worldId, storeWorld != serverWorld {
            throw .file(path: directory.storeDatabase, problem: "belongs to world \(storeWorld), and server.sqlite to world "
                + "\(serverWorld): files of two worlds were put together; left untouched")
        }
        guard kind == .appStore else {
            return try checkPlayIsThere(directory, serverCredited: server?.highestCreditedId)
        }
        if let highestCredit = server?.highestCreditedId {
            guard let issued = store?.lastIssuedId else {
                throw .file(path: directory.storeDatabase, problem: "has handed out no transaction, yet server.sqlite has credited "
                    + "tx \(highestCredit): the Store's history was emptied or replaced; left untouched")
            }
            guard issued < highestCredit else { return }
            throw .file(path: directory.storeDatabase, problem: "its next transaction id \(issued.value + 1) is at or below tx "
                + "\(highestCredit), which server.sqlite has credited: ids would be handed out again; left untouched")
        }
        try checkBothAreThere(directory, storeFile: storeFile, serverFile: serverFile,
                              storeNamesWorld: store?.worldId != nil, serverNamesWorld: server?.worldId != nil)
        if store?.lastIssuedId == nil {
            try checkTheCacheHasNoOrders(directory)
        }
    }

    /// A database gone or emptied (0 bytes) while the other names the world is refused: opening
    /// it would start a fresh ledger or history. (Both gone is a fresh world, unless the app's
    /// cache remembers a purchase: see `checkTheCacheHasNoOrders`.)
    private static func checkBothAreThere(_ directory: DataDirectory, storeFile: DatabaseFile, serverFile: DatabaseFile,
                                          storeNamesWorld: Bool, serverNamesWorld: Bool) throws(WorldError) {
        if storeNamesWorld, serverFile != .present {
            throw .file(path: directory.serverDatabase, problem: "\(serverFile.state), yet store.sqlite belongs to a world that had one: "
                + "the Server's ledger was \(serverFile.how); left untouched (storesim reset starts the world over)")
        }
        if serverNamesWorld, storeFile != .present {
            throw .file(path: directory.storeDatabase, problem: "\(storeFile.state), yet server.sqlite belongs to a world that had one: "
                + "the Store's history was \(storeFile.how); left untouched (storesim reset starts the world over)")
        }
    }

    /// A world that sells on Google Play, whose Server credited a purchase, needs Google Play's
    /// file: gone or emptied, Google Play would start afresh, know none of the purchases the
    /// Server credited, and could hand their order numbers out again.
    private static func checkPlayIsThere(_ directory: DataDirectory, serverCredited: TransactionID?) throws(WorldError) {
        let playFile = DatabaseFile(path: directory.playDatabase)
        guard let credited = serverCredited, playFile != .present else { return }
        throw .file(path: directory.playDatabase, problem: "\(playFile.state), yet server.sqlite has credited this world's "
            + "Google Play purchase \(StoreKind.play.orderText(credited)): Google Play's history was \(playFile.how); left untouched "
            + "(storesim reset starts the world over)")
    }

    /// A Store that has handed out no transaction while the app's cache holds a pending order
    /// lost its history: its first purchase would take that order's id and put it out of reach.
    private static func checkTheCacheHasNoOrders(_ directory: DataDirectory) throws(WorldError) {
        let orders: [PendingOrder]
        do {
            orders = try PendingOrderCache.read(path: directory.pendingOrders).orders
        } catch {
            throw .file(path: error.path, problem: error.problem)
        }
        guard let order = orders.first else { return }
        throw .file(path: directory.storeDatabase, problem: "has handed out no transaction, yet the app's cache holds pending "
            + "tx \(order.transactionId): the Store's history was emptied or replaced; left untouched")
    }

    /// Records one world in both files once both are open: the one either names, or a new one.
    static func stamp(_ store: Store, _ server: OrderServer, in directory: DataDirectory) throws(WorldError) {
        let serverId: String?
        do {
            serverId = try server.worldId()
        } catch {
            throw .file(path: directory.serverDatabase, problem: error.storage.problem)
        }
        let id: String
        do {
            let storeId = try store.worldId()
            id = storeId ?? serverId ?? UUID().uuidString.lowercased()
            if storeId != id { try store.belong(toWorld: id) }
        } catch {
            throw .file(path: directory.storeDatabase, problem: error.problem)
        }
        do {
            if serverId != id { try server.belong(toWorld: id) }
        } catch {
            throw .file(path: directory.serverDatabase, problem: error.storage.problem)
        }
    }
}

/// Whether a database file is there to be read: missing, emptied to 0 bytes (with nothing in a
/// write-ahead log either), or present.
private enum DatabaseFile {
    case missing, empty, present

    init(path: String) {
        let size = { (path: String) in (try? FileManager.default.attributesOfItem(atPath: path))?[.size] as? Int }
        guard let bytes = size(path) else {
            self = FileManager.default.fileExists(atPath: path) ? .present : .missing
            return
        }
        self = bytes == 0 && (size(path + "-wal") ?? 0) == 0 ? .empty : .present
    }

    /// What the file is, as the start of a problem.
    var state: String { self == .missing ? "is gone" : "is empty (0 bytes)" }
    /// What became of it.
    var how: String { self == .missing ? "deleted or moved" : "emptied" }
}
