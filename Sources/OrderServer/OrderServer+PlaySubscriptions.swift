import Foundation
import IAPCore
import Storage

/// The Server's side of Google Play's subscriptions: it asks `purchases.subscriptionsv2.get`
/// about a subscription's token (the app's, or a notification's) and credits its latest order
/// once, until the line item's `expiryTime`, which it follows through a grace period (access
/// kept) and account hold (access ended at the `expiryTime` in the past). When it acknowledges for the app it calls
/// `purchases.subscriptions.acknowledge` while the subscription is
/// ACKNOWLEDGEMENT_STATE_PENDING: Google, "All initial subscription purchases need to be
/// acknowledged. Subscription renewals don't need to be acknowledged."
extension OrderServer {
    /// Handles the `SubscriptionPurchaseV2` Play answered: settles it, reports it, acknowledges it
    /// when the Server acknowledges for the app, and answers Pub/Sub's push that asked for it.
    func receive(_ purchase: SubscriptionPurchaseV2?, of request: VerificationRequest, link: Link) throws(ServerError) {
        if let purchase, !purchase.grantsAccess, let item = purchase.lineItems.first {
            try endEntitlement(at: item, link: link)
            // SUBSCRIPTION_EXPIRED, SUBSCRIPTION_REVOKED, or any notification read after the
            // subscription ended: nothing to credit.
            if request.purpose == .notification { return answerPush(of: request, link: link) }
        }
        if let purchase, purchase.subscriptionState == .inGracePeriod, let item = purchase.lineItems.first {
            try extendEntitlement(through: item)
        }
        let settled = try onDisk { () throws(StorageError) in try settle(purchase, of: request, at: link.now) }
        let implied = try onDisk { () throws(StorageError) -> [VerificationAnswer] in
            var account = request.account
            if account == nil { account = try playUser(purchase?.obfuscatedExternalAccountId) }
            return try creditEarlierRenewals(purchase, as: settled, account: account ?? "", at: link.now)
        }
        for credit in implied {
            if let id = credit.transactionId, let grant = credit.grant {
                link.note(.server(.credited(id, grant: grant)), from: .server, to: nil, transactionId: id)
            }
        }
        let latest = purchase?.lineItems.first?.latestSuccessfulOrderId.transactionId
        if request.purpose != .notification, settled.outcome == .credited, let latest, latest != request.transactionId {
            // The app asked about the order it knows; the timeline names the order credited, its latest renewal.
            noteCredit(VerificationAnswer(transactionId: latest, outcome: settled.outcome, productId: settled.productId, grant: settled.grant),
                       link: link)
            link.send(.verificationAnswered(settled))
        } else {
            report(settled, for: request, link: link)
        }
        let acknowledges = request.purpose == .notification ? configuration.acknowledgesPlayPurchases : request.serverFinishes
        if acknowledges, settled.outcome == .credited || settled.outcome == .alreadyCredited, let purchase,
           purchase.acknowledgementState == .pending, let order = request.transactionId.flatMap(PlayOrderID.init(transactionId:)) {
            link.send(.play(.subscriptionsAcknowledge(token: request.receipt, order: order.base)))
        }
        answerPush(of: request, link: link)
    }

    /// Ends, at the line item's `expiryTime`, the entitlement the subscription's latest order
    /// gave when the Server's runs past it: a subscription revoked before the end of its period
    /// (`SUBSCRIPTION_REVOKED`, a refund of any of its orders) ends then. Google: the `expiryTime`
    /// "contains the date when the user should lose access to the subscription. If expiryTime is
    /// in the past, then the user loses entitlement immediately."
    private func endEntitlement(at item: SubscriptionPurchaseV2.LineItem, link: Link) throws(ServerError) {
        let id = item.latestSuccessfulOrderId.transactionId
        let ended = try onDisk { () throws(StorageError) -> [String] in
            let productIds = try database.database.rows(
                "SELECT product_id FROM entitlements WHERE transaction_id = ? AND expires_millis > ?",
                [ServerDatabase.idValue(id), .integer(item.expiryTimeMillis)], table: "entitlements", key: "product_id"
            ) { (row) throws(SQLiteColumnError) in try row.text("product_id") }
            try database.database.query("UPDATE entitlements SET expires_millis = ? WHERE transaction_id = ? AND expires_millis > ?",
                                        [.integer(item.expiryTimeMillis), ServerDatabase.idValue(id), .integer(item.expiryTimeMillis)])
            return productIds
        }
        for productId in ended {
            link.note(.play(.serverEndedEntitlement(id, productId: productId, atMillis: item.expiryTimeMillis)), from: .server, to: nil,
                      transactionId: id)
        }
    }

    /// Keeps, through the grace period, the entitlement the subscription's latest order gave: a
    /// renewal that could not be charged leaves the user access until the line item's
    /// `expiryTime`, the grace period's end. Google: the `expiryTime` "contains the date when the
    /// user should lose access to the subscription".
    private func extendEntitlement(through item: SubscriptionPurchaseV2.LineItem) throws(ServerError) {
        _ = try onDisk { () throws(StorageError) in
            try database.database.query("UPDATE entitlements SET expires_millis = ? WHERE transaction_id = ? AND expires_millis < ?",
                                        [.integer(item.expiryTimeMillis), ServerDatabase.idValue(item.latestSuccessfulOrderId.transactionId),
                                         .integer(item.expiryTimeMillis)])
        }
    }

    /// Answers HTTP 200 to the Pub/Sub push that asked about the subscription, if one did.
    private func answerPush(of request: VerificationRequest, link: Link) {
        guard let messageId = request.pubSubMessageId else { return }
        link.send(.play(.rtdnAcknowledged(messageId: messageId, order: request.transactionId.flatMap(PlayOrderID.init(transactionId:)))))
    }

    /// Credits the subscription's latest order (the initial purchase's, or its latest
    /// renewal's) once, to the app's user (the user its `obfuscatedExternalAccountId` names, for
    /// a notification), until its line item's `expiryTime`, which extends the entitlement at each
    /// renewal: refused when Play knows no subscription by the token, when its base plan is none
    /// of the catalog's, when its latest order is of another subscription than the order asked
    /// about, or when it gives no access (PENDING, or EXPIRED: refunded and revoked, or its
    /// period over; StoreSim's Server answers each `refunded`). A notification's credit is of
    /// the latest order; the app's answer names the order it asked about.
    private func settle(_ purchase: SubscriptionPurchaseV2?, of request: VerificationRequest,
                        at now: Date) throws(StorageError) -> VerificationAnswer {
        guard let purchase, let item = purchase.lineItems.first,
              let basePlan = PlayBasePlan.plans(of: catalog).values.first(where: {
                  $0.subscriptionId == item.productId && $0.basePlanId == item.basePlanId
              }),
              let product = catalog.product(id: basePlan.productId),
              request.transactionId.map({ PlayOrderID(transactionId: $0)?.base == item.latestSuccessfulOrderId.base }) ?? true else {
            return try refuse(request, .notOnReceipt, at: now)
        }
        guard purchase.grantsAccess else { return try refuse(request, .refunded, at: now) }
        let id = item.latestSuccessfulOrderId.transactionId
        var account = request.account
        if account == nil { account = try playUser(purchase.obfuscatedExternalAccountId) }
        let entry = ReceiptEntry(transactionId: id, originalTransactionId: item.latestSuccessfulOrderId.base.transactionId,
                                 productId: product.id, account: account ?? "",
                                 purchaseDate: SimulatedTime.date(millis: purchase.startTimeMillis ?? 0),
                                 expires: SimulatedTime.date(millis: item.expiryTimeMillis))
        return try creditOnce(entry, product: product, answering: request.purpose == .notification ? id : request.transactionId, at: now)
    }

    /// The renewals before the latest one that the Server never heard of (notifications off,
    /// or lost), credited once each now, to the account and until the expiry of the latest
    /// order's credit (`settled`): Google numbers a subscription's renewals `..0`, `..1`, …, so a
    /// latest order `..N` proves that the renewals `..0` through `..N-1` were each paid, though
    /// `purchases.subscriptionsv2.get` names only the latest. Returns those credited now.
    private func creditEarlierRenewals(_ purchase: SubscriptionPurchaseV2?, as settled: VerificationAnswer, account: String,
                                       at now: Date) throws(StorageError) -> [VerificationAnswer] {
        guard settled.outcome == .credited || settled.outcome == .alreadyCredited, let purchase, let item = purchase.lineItems.first,
              let latest = item.latestSuccessfulOrderId.renewal, latest > 0,
              let productId = settled.productId, let product = catalog.product(id: productId) else { return [] }
        var credited: [VerificationAnswer] = []
        for index in 0..<latest {
            guard let order = item.latestSuccessfulOrderId.base.renewal(index) else { continue }
            let entry = ReceiptEntry(transactionId: order.transactionId, originalTransactionId: order.base.transactionId,
                                     productId: product.id, account: account,
                                     purchaseDate: SimulatedTime.date(millis: purchase.startTimeMillis ?? 0),
                                     expires: SimulatedTime.date(millis: item.expiryTimeMillis))
            let answer = try creditOnce(entry, product: product, answering: order.transactionId, at: now)
            if answer.outcome == .credited { credited.append(answer) }
        }
        return credited
    }
}
