import Foundation
import IAPCore
import Signing
import Storage

/// App Store Server Notifications V2: the Server's second path to a purchase, one that does not
/// depend on the app. Each notification is verified (its JWS and the transaction inside it)
/// against the pinned root, processed once by its `notificationUUID`, and acknowledged (HTTP
/// 200) once processed; one fetched with Get Notification History is processed the same way. A
/// `TEST` notification, about no transaction, is verified, recorded processed and acknowledged,
/// and changes nothing else.
extension OrderServer {
    /// The Server asks the Store for every notification it posted (Get Notification History)
    /// and, when it verifies signed transactions, for the transaction history of each customer
    /// it knows (Get Transaction History).
    public func fetchHistory(link: Link) throws(ServerError) {
        link.send(.getNotificationHistory)
        guard verifier != nil else { return }
        do {
            let asked = TransactionHistoryRule.askedBy(try database.creditAccounts())
            for account in asked.keys.sorted() {
                if let id = asked[account] { link.send(.getTransactionHistory(transactionId: id)) }
            }
        } catch {
            throw ServerError(error)
        }
    }

    /// A notification posted, or fetched from the history (attempt 0, not acknowledged: no post to answer).
    func receive(_ notification: ServerNotification, link: Link) throws(StorageError) {
        let told: (id: TransactionID, payload: SignedTransactionPayload, renewal: RenewalInfoPayload?)?
        do {
            told = try verifiedNotification(notification)
        } catch {
            link.note(.server(.notificationNotVerified(uuid: notification.uuid, reason: error.reason)), from: .server, to: nil,
                      transactionId: notification.transactionId)
            return
        }
        if try processed(notification.uuid) {
            acknowledge(notification, link: link)
            return
        }
        guard let (id, payload, renewal) = told else {
            // A TEST notification: it reached the Server and verified, which is all it tests.
            try database.database.transaction { () throws(StorageError) in try markProcessed(notification, at: link.now) }
            acknowledge(notification, link: link)
            return
        }
        if notification.type.charges {
            // A careful backend credits nothing on a notification alone: it asks for the
            // transaction as it is now, which a refund since the notification was signed shows.
            link.send(.getTransactionInfo(VerificationRequest(
                transactionId: id, productId: payload.productId, serverProductId: nil,
                receipt: notification.signedPayload, purpose: .notification, notification: notification)))
            return
        }
        let moved = try database.database.transaction { () throws(StorageError) -> [String: Int] in
            let moved = try apply(notification.type, to: id, payload, renewal: renewal)
            try markProcessed(notification, at: link.now)
            return moved
        }
        if notification.type == .consumptionRequest {
            link.send(.sendConsumptionInformation(transactionId: id, delivered: try database.account(credited: id) != nil))
        }
        if !moved.isEmpty {
            let step: ServerStep = notification.type == .refundReversed ? .reversalGrantsAgain(id, moved) : .refundTakesBack(id, moved)
            link.note(.server(step), from: .server, to: nil, transactionId: id)
        }
        acknowledge(notification, link: link)
    }

    /// The Store's word on a notified purchase: credited once, or refused; the notification is
    /// then processed and acknowledged.
    func settleNotified(_ info: TransactionInfo, _ notification: ServerNotification, link: Link) throws(StorageError) {
        let answer = try settle(info, link: link)
        if answer.outcome == .credited, let id = answer.transactionId, let grant = answer.grant {
            link.note(.server(.creditedFromNotification(id, notification.type, grant: grant)), from: .server, to: nil,
                      transactionId: id)
        }
        try database.database.transaction { () throws(StorageError) in try markProcessed(notification, at: link.now) }
        acknowledge(notification, link: link)
    }

    private func acknowledge(_ notification: ServerNotification, link: Link) {
        guard notification.attempt > 0 else { return }
        link.send(.notificationAcknowledged(notification))
    }

    /// What a notification of `type` about transaction `id` that credits nothing changes: a
    /// refund ends the entitlement it bought, or takes a credited consumable's grant back from the
    /// balances (returned, to be told); a refund's reversal gives back what the refund took
    /// (returned, to be told), once; an expiry brings the entitlement's end forward; a failed
    /// renewal in a grace period carries the entitlement to the grace period's end (the renewal
    /// information's `gracePeriodExpiresDate`), and the grace period's end ends it there; a
    /// renewal-date extension carries it to the period's new end; a change of renewal status is
    /// only recorded.
    private func apply(_ type: NotificationType, to id: TransactionID, _ payload: SignedTransactionPayload,
                       renewal: RenewalInfoPayload?) throws(StorageError) -> [String: Int] {
        if payload.inAppOwnershipType == SignedTransactionPayload.familyShared {
            try applyToShare(type, to: id, payload, renewal: renewal)
            return [:]
        }
        // What the subscription holds: the entitlement of the account it was credited to, through
        // one of its own transactions, never another account's of the same product.
        let held = "product_id = ? AND transaction_id IN (SELECT transaction_id FROM credits WHERE original_transaction_id = ?)"
        let subscription = TransactionID(payload.originalTransactionId).map(ServerDatabase.idValue) ?? .null
        switch type {
        case .didFailToRenew:
            guard let grace = renewal?.gracePeriodExpiresDate else { return [:] }
            try database.database.query(
                "UPDATE entitlements SET expires_millis = ? WHERE \(held) AND expires_millis IS NOT NULL AND expires_millis < ?",
                [.integer(grace), .text(payload.productId), subscription, .integer(grace)])
        case .gracePeriodExpired:
            guard let grace = renewal?.gracePeriodExpiresDate else { return [:] }
            try database.database.query(
                "UPDATE entitlements SET expires_millis = ? WHERE \(held) AND (expires_millis IS NULL OR expires_millis > ?)",
                [.integer(grace), .text(payload.productId), subscription, .integer(grace)])
        case .refund:
            // A refund reversed before its REFUND was told (its retries came later) takes nothing.
            guard try !reversedSince(id, revocationMillis: payload.revocationDate) else { return [:] }
            let held = try heldEntitlement(of: id, productId: payload.productId)
            try database.database.query("DELETE FROM entitlements WHERE product_id = ? AND transaction_id = ?",
                                        [.text(payload.productId), ServerDatabase.idValue(id)])
            let takenBack = try takeBackGrant(of: id, productId: payload.productId)
            try keepRevocation(of: id, productId: payload.productId, held: held, tookBack: !takenBack.isEmpty)
            return takenBack
        case .refundReversed:
            // Apple: "If your app revoked content or services as a result of the related refund,
            // it needs to reinstate them."
            return try reinstate(id, productId: payload.productId, reversedMillis: payload.signedDate)
        case .expired:
            guard let expires = payload.expiresDate else { return [:] }
            try database.database.query(
                "UPDATE entitlements SET expires_millis = ? WHERE \(held) AND (expires_millis IS NULL OR expires_millis > ?)",
                [.integer(expires), .text(payload.productId), subscription, .integer(expires)])
        case .renewalExtended:
            // The App Store "extended the subscription renewal date": the entitlement runs to the
            // period's new end, the signed transaction's `expiresDate`.
            guard let expires = payload.expiresDate else { return [:] }
            try extendEntitlement(held, [.text(payload.productId), subscription], to: expires)
        case .revoke:
            // Apple: "REVOKE lets you know when to revoke a family member's access to an
            // auto-renewable subscription or non-consumable in-app purchase."
            _ = try revokeShare(id)
        case .consumptionRequest, .refundDeclined:
            // Apple: "A notification type that indicates the App Store declined a refund request."
            // The refund never happened: the Server keeps what it granted.
            break
        case .oneTimeCharge, .subscribed, .didRenew, .didChangeRenewalStatus, .didChangeRenewalPref, .offerRedeemed, .priceIncrease,
             .test:
            break
        }
        return [:]
    }

    /// What a notification about a family member's shared transaction changes: the member's
    /// access only, never the purchaser's entitlement. `REVOKE` ends it; an expiry, a grace period
    /// or a renewal-date extension moves its end as for the purchaser.
    private func applyToShare(_ type: NotificationType, to id: TransactionID, _ payload: SignedTransactionPayload,
                              renewal: RenewalInfoPayload?) throws(StorageError) {
        let share = ServerDatabase.idValue(id)
        switch type {
        case .revoke:
            _ = try revokeShare(id)
        case .expired:
            guard let expires = payload.expiresDate else { return }
            try database.database.query(
                "UPDATE family_entitlements SET expires_millis = ? WHERE transaction_id = ? AND (expires_millis IS NULL OR expires_millis > ?)",
                [.integer(expires), share, .integer(expires)])
        case .renewalExtended:
            guard let expires = payload.expiresDate else { return }
            try database.database.query(
                "UPDATE family_entitlements SET expires_millis = ? WHERE transaction_id = ? AND expires_millis < ?",
                [.integer(expires), share, .integer(expires)])
        case .didFailToRenew, .gracePeriodExpired:
            guard let grace = renewal?.gracePeriodExpiresDate else { return }
            let moves = type == .didFailToRenew ? "expires_millis < ?" : "(expires_millis IS NULL OR expires_millis > ?)"
            try database.database.query("UPDATE family_entitlements SET expires_millis = ? WHERE transaction_id = ? AND \(moves)",
                                        [.integer(grace), share, .integer(grace)])
        default:
            break
        }
    }

    private func processed(_ uuid: String) throws(StorageError) -> Bool {
        try !database.database.rows("SELECT uuid FROM notifications WHERE uuid = ?", [.text(uuid)], table: "notifications",
                                    key: "uuid") { (row) throws(SQLiteColumnError) in try row.text("uuid") }.isEmpty
    }

    private func markProcessed(_ notification: ServerNotification, at now: Date) throws(StorageError) {
        _ = try database.database.insertUnlessConflicting(
            "INSERT INTO notifications(uuid, type, transaction_id, date_millis) VALUES(?, ?, ?, ?)",
            [.text(notification.uuid), .text(notification.type.rawValue), ServerDatabase.idValue(notification.transactionId),
             .integer(SimulatedTime.millis(now))])
    }

    /// The transaction inside a notification whose JWS, and the transaction's (and the renewal
    /// information's, when there is one), verify against the pinned root and name this app; nil
    /// for a `TEST` notification, which names the app and the environment only.
    private func verifiedNotification(_ notification: ServerNotification)
        throws(Unverified) -> (id: TransactionID, payload: SignedTransactionPayload, renewal: RenewalInfoPayload?)? {
        guard let payload = try verifiedPayload(notification.signedPayload, as: NotificationPayload.self),
              payload.notificationUUID == notification.uuid, payload.notificationType == notification.type.rawValue
        else { throw Unverified(status: .verificationFailure, reason: .notThisNotification) }
        // As Apple's SignedDataVerifier: the bundle id, and in production the App Apple ID, are this app's.
        let app = catalog.app
        guard payload.data.bundleId == app.bundleId, payload.data.environment != "Production" || payload.data.appAppleId == app.appAppleId else {
            throw Unverified(status: .invalidAppIdentifier, reason: .notificationOfOtherApp(
                bundleId: payload.data.bundleId, appAppleId: payload.data.appAppleId,
                expectedBundleId: app.bundleId, expectedAppAppleId: app.appAppleId))
        }
        guard let transactionJWS = payload.data.signedTransactionInfo else {
            guard notification.type == .test, notification.transactionId == nil else {
                throw Unverified(status: .verificationFailure, reason: .notThisNotification)
            }
            try Self.checkEnvironment(payload.data.environment)
            return nil
        }
        let transaction = try verified(transactionJWS)
        guard let id = TransactionID(transaction.transactionId), id == notification.transactionId else {
            throw Unverified(status: .verificationFailure, reason: .notThisNotification)
        }
        guard let renewalJWS = payload.data.signedRenewalInfo else { return (id, transaction, nil) }
        let renewal = try verifiedRenewalInfo(renewalJWS)
        guard renewal.originalTransactionId == transaction.originalTransactionId else {
            throw Unverified(status: .verificationFailure, reason: .otherSubscriptionsRenewalInfo)
        }
        return (id, transaction, renewal)
    }

    /// The payload of a `signedRenewalInfo` that verifies against the pinned root, from the
    /// production or the sandbox environment, as a signed transaction must be.
    private func verifiedRenewalInfo(_ jws: String) throws(Unverified) -> RenewalInfoPayload {
        guard let renewal = try verifiedPayload(jws, as: RenewalInfoPayload.self) else {
            throw Unverified(status: .verificationFailure, reason: .notRenewalInfo)
        }
        try Self.checkEnvironment(renewal.environment)
        return renewal
    }
}
