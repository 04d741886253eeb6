import Foundation
import IAPCore
import Storage

/// App Store Server API, Get Transaction History: how a careful backend reconciles what it
/// missed. `server history` asks it for each customer the Server knows (by the latest
/// transaction it credited them), and the Server credits, once, every paid transaction of theirs
/// it has not credited and the Store did not refund: a consumable the app finished before its
/// Server heard of it, with no notification to bring it, is credited here.
extension OrderServer {
    func reconcile(_ history: TransactionHistory, link: Link) throws(StorageError) {
        guard let account = try database.account(credited: history.transactionId) else { return }
        for jws in history.signedTransactions {
            guard let payload = try? verified(jws), payload.revocationDate == nil,
                  let id = TransactionID(payload.transactionId), let original = TransactionID(payload.originalTransactionId),
                  let product = catalog.product(id: payload.productId), !Self.namesAnotherUser(payload, account: account)
            else { continue }
            let entry = ReceiptEntry(
                transactionId: id, originalTransactionId: original, productId: product.id, account: account,
                purchaseDate: SimulatedTime.date(millis: payload.purchaseDate), expires: payload.expiresDate.map(SimulatedTime.date(millis:)))
            let grant = Self.grantText(product, entry: entry)
            let credited = try database.database.transaction { () throws(StorageError) -> Bool in
                try credit(product, entry: entry, grant: grant, at: link.now)
            }
            if credited {
                link.note("credit tx \(id) from the transaction history: \(grant)", from: .server, to: nil, transactionId: id)
            }
        }
    }
}

extension ServerDatabase {
    /// The latest transaction the Server credited to each account, by account.
    func latestCreditPerAccount() throws(StorageError) -> [TransactionID] {
        try database.rows("SELECT MAX(transaction_id) AS latest FROM credits GROUP BY account ORDER BY account",
                          table: "credits", key: "latest") { (row) throws(SQLiteColumnError) in TransactionID(try row.integer("latest")) }
    }

    /// The account the Server credited `id` to, if it did.
    func account(credited id: TransactionID) throws(StorageError) -> String? {
        try database.rows("SELECT account FROM credits WHERE transaction_id = ?", [ServerDatabase.idValue(id)],
                          table: "credits", key: "account") { (row) throws(SQLiteColumnError) in try row.text("account") }.first
    }
}
