import IAPCore

/// What `server history` credits through Get Transaction History, as one rule for the Server,
/// which reconciles by it, and for the audit, which counts a purchase recoverable by it: a Server
/// that verifies signed transactions asks the history of each of its accounts by the latest
/// transaction it credited them, and credits, once, each transaction there that the App Store did
/// not revoke, of a product in the catalog, bought for no other user of the app.
public enum TransactionHistoryRule {
    /// The transaction the Server asks the history by, for each account it credited: the latest
    /// (highest id) credited to it.
    public static func askedBy(_ credits: some Sequence<(account: String, transactionId: TransactionID)>) -> [String: TransactionID] {
        var latest: [String: TransactionID] = [:]
        for credit in credits {
            ask(&latest, by: credit.transactionId, credited: credit.account)
        }
        return latest
    }

    /// `askedBy` one credit further: `transactionId` credited to `account`.
    public static func ask(_ latest: inout [String: TransactionID], by transactionId: TransactionID, credited account: String) {
        if latest[account].map({ $0 < transactionId }) ?? true {
            latest[account] = transactionId
        }
    }

    /// Whether the Server credits a transaction the history asked for `account` holds: not
    /// revoked, of a product in the catalog, and its `appAccountToken`, when it has one, is
    /// `account`'s.
    public static func credits(productId: String, revoked: Bool, appAccountToken: String?, account: String,
                               catalog: Catalog) -> Bool {
        !revoked && catalog.product(id: productId) != nil && !namesAnotherUser(appAccountToken, account: account)
    }

    /// Whether `appAccountToken` names another user of the app than `account`; a transaction
    /// without a token, or a request that names no user (a notification), names nobody else.
    static func namesAnotherUser(_ appAccountToken: String?, account: String?) -> Bool {
        guard let appAccountToken, let account else { return false }
        return appAccountToken != AppAccountToken.of(user: account)
    }
}
