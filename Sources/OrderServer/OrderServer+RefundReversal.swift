import Foundation
import IAPCore
import Storage

/// What a refund took back, kept so that a reversal gives it back once: Apple, `REFUND_REVERSED`:
/// "If your app revoked content or services as a result of the related refund, it needs to
/// reinstate them." The `revocations` table keeps, per refunded transaction, the entitlement the
/// standing refund ended (its account and end), whether its notification took a consumable's
/// grant back, and when a refund of it was last reversed. A reversal gives back what the row says
/// and clears it, in the transaction that processes it: a second delivery of the same reversal,
/// or a reversal of a refund that took nothing, finds nothing to give. A `REFUND` notification
/// told after the reversal of its refund (its retries came later) takes nothing. The credit itself
/// is never written again (its transaction id stays UNIQUE): what the Server credits is still what
/// the proof proves, once, less what a standing refund took back.
extension OrderServer {
    /// What a refund of one transaction took back, as the Server keeps it.
    struct Revocation {
        let productId: String
        let account: String?
        let expires: Int64?
        let held: Bool
        let tookBack: Bool
        let reversedMillis: Int64?
    }

    /// The entitlement `id` holds of `productId`, if any: its account and end, before a refund deletes it.
    func heldEntitlement(of id: TransactionID, productId: String) throws(StorageError) -> (account: String, expires: Int64?)? {
        try database.database.rows(
            "SELECT account, expires_millis FROM entitlements WHERE product_id = ? AND transaction_id = ?",
            [.text(productId), ServerDatabase.idValue(id)], table: "entitlements", key: "account"
        ) { (row) throws(SQLiteColumnError) in (try row.text("account"), try row.optionalInteger("expires_millis")) }.first
    }

    /// Whether a refund made at `revocationMillis` was reversed since: its `REFUND` was told late.
    func reversedSince(_ id: TransactionID, revocationMillis: Int64?) throws(StorageError) -> Bool {
        guard let revocationMillis, let reversed = try revocation(of: id)?.reversedMillis else { return false }
        return revocationMillis <= reversed
    }

    /// Keeps what a refund of `id` took back: the entitlement it ended, and whether it took the
    /// consumable's grant back. A refund that took nothing keeps nothing.
    func keepRevocation(of id: TransactionID, productId: String, held: (account: String, expires: Int64?)?,
                        tookBack: Bool) throws(StorageError) {
        guard held != nil || tookBack else { return }
        try database.database.query("""
            INSERT INTO revocations(transaction_id, product_id, account, expires_millis, held, took_back) VALUES(?, ?, ?, ?, ?, ?)
            ON CONFLICT(transaction_id) DO UPDATE
            SET account = coalesce(excluded.account, revocations.account),
                expires_millis = coalesce(excluded.expires_millis, revocations.expires_millis),
                held = max(revocations.held, excluded.held), took_back = max(revocations.took_back, excluded.took_back)
            """, [ServerDatabase.idValue(id), .text(productId), .optional(held?.account),
                  held?.expires.map { .integer($0) } ?? .null, .integer(held == nil ? 0 : 1), .integer(tookBack ? 1 : 0)])
    }

    /// Reinstates what the refund of `id` took back: the entitlement it ended and, from a
    /// `REFUND_REVERSED` notification signed at `reversedMillis` (only a `REFUND` notification
    /// takes a grant back, so only its reversal's gives it back), the consumable's grant. Returns
    /// the grant given back, empty when none.
    func reinstate(_ id: TransactionID, productId: String, reversedMillis: Int64?) throws(StorageError) -> [String: Int] {
        let kept = try revocation(of: id)
        if let reversedMillis {
            try database.database.query("""
                INSERT INTO revocations(transaction_id, product_id, reversed_millis) VALUES(?, ?, ?)
                ON CONFLICT(transaction_id) DO UPDATE
                SET reversed_millis = max(coalesce(revocations.reversed_millis, excluded.reversed_millis), excluded.reversed_millis)
                """, [ServerDatabase.idValue(id), .text(productId), .integer(reversedMillis)])
        }
        guard let kept, let product = catalog.product(id: kept.productId) else { return [:] }
        if kept.held, let account = kept.account {
            try hold(product, account: account, transactionId: id, expires: kept.expires.map(SimulatedTime.date(millis:)))
        }
        let givesBack = reversedMillis != nil && kept.tookBack
        try database.database.query("UPDATE revocations SET held = 0, took_back = ? WHERE transaction_id = ?",
                                    [.integer(kept.tookBack && !givesBack ? 1 : 0), ServerDatabase.idValue(id)])
        guard givesBack else { return [:] }
        for part in product.grantInOrder {
            try changeBalance(part.currency, by: Int64(part.amount))
        }
        return product.grant
    }

    /// The transactions whose refund ended an entitlement the Server has not reinstated, for a
    /// receipt check to reinstate those the Store no longer lists as revoked.
    func keptRevocations() throws(StorageError) -> Set<TransactionID> {
        Set(try database.database.rows("SELECT transaction_id FROM revocations WHERE held = 1", [], table: "revocations",
                                       key: "transaction_id") { (row) throws(SQLiteColumnError) in
            TransactionID(try row.integer("transaction_id"))
        })
    }

    func revocation(of id: TransactionID) throws(StorageError) -> Revocation? {
        try database.database.rows(
            "SELECT product_id, account, expires_millis, held, took_back, reversed_millis FROM revocations WHERE transaction_id = ?",
            [ServerDatabase.idValue(id)], table: "revocations", key: "transaction_id"
        ) { (row) throws(SQLiteColumnError) in
            Revocation(productId: try row.text("product_id"), account: try row.optionalText("account"),
                       expires: try row.optionalInteger("expires_millis"), held: try row.integer("held") != 0,
                       tookBack: try row.integer("took_back") != 0, reversedMillis: try row.optionalInteger("reversed_millis"))
        }.first
    }
}
