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

    /// Takes back what the Server credited for the voided order, once; nothing when it credited
    /// nothing for it.
    func takeBack(_ order: PlayOrderID, link: Link) throws(StorageError) {
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
