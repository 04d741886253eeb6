import IAPCore
import Storage

/// The Server's side of Extend a Subscription Renewal Date (App Store Server API): Apple, "Use
/// this endpoint to compensate your customers for temporary service outages, canceled events, or
/// interruptions to live streamed events by extending the renewal date of their paid, active
/// subscription." The Server names the subscription by the original transaction id of what it
/// credited; the Store's `ExtendRenewalDateResponse` (its `effectiveDate`), and the
/// `RENEWAL_EXTENDED` notification when notifications are on, carry the entitlement to the new end.
extension OrderServer {
    /// The original transaction id of the subscription to `productId` the Server credited to
    /// `account` last; nil when it credited none.
    public func creditedSubscription(_ productId: String, account: String) throws(ServerError) -> TransactionID? {
        try onDisk { () throws(StorageError) -> TransactionID? in
            try database.database.rows(
                "SELECT original_transaction_id FROM credits WHERE account = ? AND product_id = ? ORDER BY transaction_id DESC LIMIT 1",
                [.text(account), .text(productId)], table: "credits", key: "original_transaction_id"
            ) { (row) throws(SQLiteColumnError) in TransactionID(try row.integer("original_transaction_id")) }.first
        }
    }

    /// Sends Extend a Subscription Renewal Date for the subscription begun by `originalId`, with
    /// a `requestIdentifier` of its own ("a unique identifier you provide to track each
    /// subscription-renewal-date extension request"), counted in `server.sqlite`.
    public func extendRenewalDate(_ originalId: TransactionID, productId: String, days: Int, reasonCode: Int,
                                  link: Link) throws(ServerError) {
        let number = try onDisk { () throws(StorageError) -> Int in
            let number = (try database.setting(Self.extensionCountKey).flatMap { Int($0) } ?? 0) + 1
            try database.setSetting(Self.extensionCountKey, String(number))
            return number
        }
        link.send(.extendRenewalDate(RenewalExtension.Request(
            originalTransactionId: originalId, productId: productId, extendByDays: days, extendReasonCode: reasonCode,
            requestIdentifier: "extend-renewal-\(number)")))
    }

    /// The Store's answer: a successful extension carries the entitlement to its `effectiveDate`;
    /// an error changes nothing.
    func settle(_ answered: RenewalExtension) throws(StorageError) {
        guard let response = answered.response, response.success else { return }
        let held = "product_id = ? AND transaction_id IN (SELECT transaction_id FROM credits WHERE original_transaction_id = ?)"
        try extendEntitlement(held, [.text(answered.request.productId), ServerDatabase.idValue(answered.request.originalTransactionId)],
                              to: response.effectiveDate)
    }

    /// Moves the end of the entitlements `held` selects (with its `values`) later to `millis`,
    /// never earlier, and never one that does not end.
    func extendEntitlement(_ held: String, _ values: [SQLiteValue], to millis: Int64) throws(StorageError) {
        try database.database.query(
            "UPDATE entitlements SET expires_millis = ? WHERE \(held) AND expires_millis IS NOT NULL AND expires_millis < ?",
            [.integer(millis)] + values + [.integer(millis)])
    }

    private static let extensionCountKey = "renewal-extension-requests"
}
