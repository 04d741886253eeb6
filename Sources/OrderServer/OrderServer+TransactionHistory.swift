import Foundation
import IAPCore
import Storage

/// App Store Server API, Get Transaction History: how a careful backend reconciles what it
/// missed. `server history` asks it for each customer the Server knows (by the latest
/// transaction it credited them), and the Server credits, once, every paid transaction of theirs
/// it has not credited that `TransactionHistoryRule` credits (the rule the audit counts by): a
/// consumable the app finished before its Server heard of it, with no notification to bring it,
/// is credited here.
extension OrderServer {
    func reconcile(_ history: TransactionHistory, link: Link) throws(StorageError) {
        guard let account = try database.account(credited: history.transactionId) else { return }
        for jws in history.signedTransactions {
            guard let payload = try? verified(jws),
                  TransactionHistoryRule.credits(productId: payload.productId, revoked: payload.revocationDate != nil,
                                                 appAccountToken: payload.appAccountToken, account: account, catalog: catalog),
                  let id = TransactionID(payload.transactionId), let original = TransactionID(payload.originalTransactionId),
                  let product = catalog.product(id: payload.productId)
            else { continue }
            let entry = ReceiptEntry(
                transactionId: id, originalTransactionId: original, productId: product.id, account: account,
                purchaseDate: SimulatedTime.date(millis: payload.purchaseDate), expires: payload.expiresDate.map(SimulatedTime.date(millis:)))
            let grant = Self.grant(product, entry: entry)
            let credited = try database.database.transaction { () throws(StorageError) -> Bool in
                try credit(product, entry: entry, grant: grant, at: link.now)
            }
            if credited {
                link.note(.server(.creditedFromHistory(id, grant: grant)), from: .server, to: nil, transactionId: id)
            }
        }
    }
}

extension ServerDatabase {
    /// The account and transaction of every credit, oldest first.
    func creditAccounts() throws(StorageError) -> [(account: String, transactionId: TransactionID)] {
        try database.rows("SELECT account, transaction_id FROM credits ORDER BY seq", table: "credits", key: "account") {
            (row) throws(SQLiteColumnError) in (try row.text("account"), TransactionID(try row.integer("transaction_id")))
        }
    }

    /// The account the Server credited `id` to, if it did.
    func account(credited id: TransactionID) throws(StorageError) -> String? {
        try database.rows("SELECT account FROM credits WHERE transaction_id = ?", [ServerDatabase.idValue(id)],
                          table: "credits", key: "account") { (row) throws(SQLiteColumnError) in try row.text("account") }.first
    }
}
