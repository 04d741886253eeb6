import Foundation
import IAPCore
import OrderServer
import StoreEngine

/// Refuses a `store.sqlite` and `server.sqlite` that are not one world's: files of two worlds
/// (swapped or copied in), one of them gone while the other remembers it, or a Store whose
/// history contradicts the Server's ledger (emptied, replaced, or gone while the Server kept its
/// credits), so that the Store would hand out ids the Server has already credited and a new
/// payment would be answered "already credited" and lost. Reads both files without changing
/// them, before the world opens either for writing.
enum StoreHistoryCheck {
    /// Throws, naming the file and the contradiction.
    static func check(_ directory: DataDirectory) throws(WorldError) {
        let fileManager = FileManager.default
        let store: (lastIssuedId: TransactionID?, worldId: String?)?
        let server: (highestCreditedId: TransactionID?, worldId: String?)?
        do {
            server = fileManager.fileExists(atPath: directory.serverDatabase)
                ? try OrderServer.readHistory(path: directory.serverDatabase) : nil
            store = fileManager.fileExists(atPath: directory.storeDatabase)
                ? try Store.readHistory(path: directory.storeDatabase) : nil
        } catch {
            throw .file(path: error.path, problem: error.problem)
        }
        try checkIdentity(directory, store: store?.worldId, storeExists: store != nil,
                          server: server?.worldId, serverExists: server != nil)
        guard let highestCredit = server?.highestCreditedId else { return }
        guard let issued = store?.lastIssuedId else {
            throw .file(path: directory.storeDatabase, problem: "has handed out no transaction, yet server.sqlite has credited "
                + "tx \(highestCredit): the Store's history was emptied or replaced; left untouched")
        }
        guard issued < highestCredit else { return }
        throw .file(path: directory.storeDatabase, problem: "its next transaction id \(issued.value + 1) is at or below tx "
            + "\(highestCredit), which server.sqlite has credited: ids would be handed out again; left untouched")
    }

    /// Both files name the same world, or one of them predates world identities.
    private static func checkIdentity(_ directory: DataDirectory, store: String?, storeExists: Bool,
                                      server: String?, serverExists: Bool) throws(WorldError) {
        if let store, let server, store != server {
            throw .file(path: directory.storeDatabase, problem: "belongs to world \(store), and server.sqlite to world "
                + "\(server): files of two worlds were put together; left untouched")
        }
        if store != nil, !serverExists {
            throw .file(path: directory.serverDatabase, problem: "is gone, yet store.sqlite belongs to a world that had one: "
                + "the Server's ledger was deleted or moved; left untouched (storesim reset starts the world over)")
        }
        if server != nil, !storeExists {
            throw .file(path: directory.storeDatabase, problem: "is gone, yet server.sqlite belongs to a world that had one: "
                + "the Store's history was deleted or moved; left untouched (storesim reset starts the world over)")
        }
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
