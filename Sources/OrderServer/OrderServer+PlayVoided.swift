import Foundation
import IAPCore
import Storage

/// What the Server does when Google Play voids a purchase it credited (a refund, a chargeback, or
/// the three-day rule), told by a voided purchase notification or found with the Voided Purchases
/// API: Google, "The Google Play Voided Purchases API provides a list of orders that are
/// associated with purchases that a user has voided", which the developer uses to "revoke access
/// to the in-app products or subscriptions". It takes back a consumable's grant or ends the
/// entitlement, once per purchase (kept in `revocations`, as an App Store refund's is), and the
/// users the app has signed in, by their `obfuscatedAccountId`, so that a purchase notified
/// before the app ever asked is credited to its user.
extension OrderServer {
    /// The user setting key prefix: `play-user.` and a user's `obfuscatedAccountId`.
    private static let playUserPrefix = "play-user."

    /// `server voided`: asks the Voided Purchases API for what was voided in the last 30 days,
    /// Google's default window ("Default value is current time minus 30 days"). Taking back is
    /// once per purchase, so the Server asks for the whole window each time rather than keep
    /// where it stopped: an answer lost on the way is asked again, whole.
    public func askVoidedPurchases(link: Link) {
        link.send(.play(.voidedPurchasesList(startMillis: nil)))
    }

    /// Takes back what the Server credited for the voided order, once (nothing when it credited
    /// nothing for it), and ends the entitlement it holds through any other order of the same
    /// subscription: voiding any order of a subscription revokes it. Google, `orders.refund`
    /// with revoke: "access to the subscription or in-app item will be terminated immediately."
    func takeBack(_ order: PlayOrderID, link: Link) throws(StorageError) {
        try takeBackCredit(of: order, link: link)
        let others = ([order.base] + (0...PlayOrderID.maximumRenewal).compactMap { order.base.renewal($0) }).filter { $0 != order }
        let marks = Array(repeating: "?", count: others.count).joined(separator: ", ")
        let values = others.map { ServerDatabase.idValue($0.transactionId) }
        let held = try database.database.rows("SELECT product_id, transaction_id FROM entitlements WHERE transaction_id IN (\(marks))", values,
                                              table: "entitlements", key: "product_id") { (row) throws(SQLiteColumnError) in
            (try row.text("product_id"), TransactionID(try row.integer("transaction_id")))
        }
        guard !held.isEmpty else { return }
        try database.database.query("DELETE FROM entitlements WHERE transaction_id IN (\(marks))", values)
        for (productId, id) in held {
            link.note(.play(.serverEndedEntitlement(id, productId: productId, atMillis: SimulatedTime.millis(link.now))), from: .server,
                      to: nil, transactionId: id)
        }
    }

    /// Takes back what the Server credited for the voided order itself, once.
    private func takeBackCredit(of order: PlayOrderID, link: Link) throws(StorageError) {
        let id = order.transactionId
        let credited = try database.database.rows("SELECT product_id FROM credits WHERE transaction_id = ?", [ServerDatabase.idValue(id)],
                                                  table: "credits", key: "product_id") { (row) throws(SQLiteColumnError) in
            try row.text("product_id")
        }
        guard let productId = credited.first, try revocation(of: id) == nil else { return }
        let (held, taken) = try database.database.transaction { () throws(StorageError) in
            let held = try heldEntitlement(of: id, productId: productId)
            try database.database.query("DELETE FROM entitlements WHERE product_id = ? AND transaction_id = ?",
                                        [.text(productId), ServerDatabase.idValue(id)])
            let taken = try takeBackGrant(of: id, productId: productId)
            try keepRevocation(of: id, productId: productId, held: held, tookBack: !taken.isEmpty)
            return (held, taken)
        }
        guard held != nil || !taken.isEmpty else { return }
        link.note(.play(.serverTookBack(id, taken, ended: held == nil ? nil : productId)), from: .server, to: nil, transactionId: id)
    }

    /// Keeps the app's user `account` under its `obfuscatedAccountId`: the app signs its users in
    /// to the Server, which so knows whom a purchase's `obfuscatedExternalAccountId` names.
    public func knowPlayUser(_ account: String?) throws(StorageError) {
        guard let account else { return }
        let key = Self.playUserPrefix + AppAccountToken.of(user: account)
        guard try database.setting(key) != account else { return }
        try database.setSetting(key, account)
    }

    /// The user an `obfuscatedExternalAccountId` names, nil when the Server knows none.
    func playUser(_ obfuscatedAccountId: String?) throws(StorageError) -> String? {
        guard let obfuscatedAccountId else { return nil }
        return try database.setting(Self.playUserPrefix + obfuscatedAccountId)
    }
}
