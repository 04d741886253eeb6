import Foundation
import IAPCore
import OrderServer
import StoreEngine

/// Refuses a `store.sqlite` whose history contradicts the Server's ledger (emptied, replaced by
/// another world's, or gone while the Server kept its credits): the Store would hand out ids the
/// Server has already credited, and a new payment would be answered "already credited" and lost.
/// Reads both files without changing them, before the world opens either for writing.
enum StoreHistoryCheck {
    /// Throws, naming `store.sqlite` and the contradiction, when the Server has credited a
    /// transaction id the Store has not handed out.
    static func check(_ directory: DataDirectory) throws(WorldError) {
        let fileManager = FileManager.default
        guard fileManager.fileExists(atPath: directory.serverDatabase) else { return }
        let highestCredit: TransactionID
        let issued: TransactionID?
        do {
            guard let highest = try OrderServer.readHighestCreditedId(path: directory.serverDatabase) else { return }
            highestCredit = highest
            issued = fileManager.fileExists(atPath: directory.storeDatabase)
                ? try Store.readLastIssuedId(path: directory.storeDatabase) : nil
        } catch {
            throw .file(path: error.path, problem: error.problem)
        }
        guard let issued else {
            throw .file(path: directory.storeDatabase, problem: "has handed out no transaction, yet server.sqlite has credited "
                + "tx \(highestCredit): the Store's history was emptied or replaced; left untouched")
        }
        guard issued < highestCredit else { return }
        throw .file(path: directory.storeDatabase, problem: "its next transaction id \(issued.value + 1) is at or below tx "
            + "\(highestCredit), which server.sqlite has credited: ids would be handed out again; left untouched")
    }
}
