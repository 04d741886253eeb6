extension MessageSaid {
    /// How many transactions of a queue's update its words name.
    public static let transactionsShown = 3

    /// What the message says, in a few English words. The ones a launch sends for every order
    /// it recovers (the redelivered purchase, its finish) and a credit's are written piece by
    /// piece into one allocation; the others are interpolated.
    public var english: String {
        switch self {
        case .requestProducts(let count): "request products (\(count) identifiers)"
        case .products(let valid, let invalid):
            "products: \(valid) valid, \(invalid.count) invalid" + (invalid.isEmpty ? "" : ": " + invalid.joined(separator: ", "))
        case .productRequestFailed(let reason): "product request failed: \(reason.english)"
        case .addPayment(let payment): "add payment \(payment.productId)" + payment.suffix
        case .finishTransaction(let id):
            String(atMost: 40) { text in
                text.literal("finish transaction ")
                text.decimal(id.value)
            }
        case .addTransactionObserver: "add transaction observer"
        case .restoreCompletedTransactions: "restore completed transactions"
        case .refreshReceipt: "refresh the receipt (the app has none)"
        case .receiptRefreshed: "receipt refreshed"
        case .transactionUpdated(let transaction): transaction.english
        case .transactionsUpdated(let count, let shown):
            "\(count) transactions updated: "
                + (shown.map(\.english) + (count > shown.count ? ["and \(count - shown.count) more"] : [])).joined(separator: ", ")
        case .restoreFinished(let count): "restore finished: \(count) restored"
        case .restoreFailed(let reason): "restore failed: \(reason.english)"
        case .verifyPurchase(let id, let productId, let signed): "verify \(Self.tx(signed)) \(id) (\(productId))"
        case .checkRenewal(let id, let productId, let signed): "check renewal \(Self.tx(signed)) \(id) (\(productId))"
        case .checkCurrentReceipt: "check the current receipt"
        case .verifyPendingOrders(let count): "verify \(count) pending orders with the app receipt"
        case .checkNotified(let id, let productId, let signed): "check notified \(Self.tx(signed)) \(id) (\(productId))"
        case .verificationAnswered(let answer): answer.summary
        case .recoveryAnswered(let orders, let counts):
            "answered \(orders) pending orders: "
                + zip(counts, VerificationOutcome.recoveryWords).filter { $0.0 > 0 }.map { "\($0.0) \($0.1)" }.joined(separator: ", ")
        case .verificationFailed(let id, let reason): "no answer for tx \(id): \(reason.english)"
        case .verifyCurrentReceipt(let sandbox, let byGet): "verifyReceipt (current receipt)" + Self.asked(sandbox, byGet)
        case .verifyAppReceipt(let orders, let sandbox, let byGet):
            "verifyReceipt for the app receipt (\(orders) pending orders)" + Self.asked(sandbox, byGet)
        case .verifyReceipt(let id, let sandbox, let byGet): "verifyReceipt for tx \(id)" + Self.asked(sandbox, byGet)
        case .appReceiptValid(let purchases): "status 0 for the app receipt: \(purchases) purchases on it"
        case .appReceiptInvalid(let status): "status \(status.rawValue) for the app receipt: \(status.meaning)"
        case .currentReceiptValid(let purchases): "status 0, purchases on the receipt: \(purchases)"
        case .currentReceiptInvalid(let status): "status \(status.rawValue) for the current receipt: \(status.meaning)"
        case .receiptValid(let id): "status 0 for tx \(id)"
        case .receiptInvalid(let id, let status): "status \(status.rawValue) for tx \(id): \(status.meaning)"
        case .purchase(let payment): "Product.purchase() \(payment.productId)" + payment.suffix
        case .purchaseSucceeded(let productId, let id): "purchase result .success \(productId) tx \(id)"
        case .purchaseCancelled(let productId): "purchase result .userCancelled \(productId)"
        case .purchasePending(let productId): "purchase result .pending \(productId)"
        case .purchaseThrew(let productId, let error): "Product.purchase() threw for \(productId): \(error.explanation)"
        case .listenForTransactions: "listen to Transaction.updates"
        case .transactionUpdate(let productId, let id, let synced): "Transaction.updates: \(productId) tx \(id)\(synced ? " (AppStore.sync)" : "")"
        case .finish(let id): "finish() tx \(id)"
        case .sync: "AppStore.sync()"
        case .currentEntitlementsRequest: "read Transaction.currentEntitlements"
        case .currentEntitlements(let transactions) where transactions.isEmpty: "current entitlements: none"
        case .currentEntitlements(let transactions):
            "current entitlements: " + transactions.map { "\($0.productId) tx \($0.id)" }.joined(separator: ", ")
        case .subscriptionStatusRequest: "read Product.SubscriptionInfo.status"
        case .subscriptionStatuses(let statuses) where statuses.isEmpty: "subscription status: none"
        case .subscriptionStatuses(let statuses):
            "subscription status: " + statuses.map { "\($0.productId) \($0.state.rawValue) tx \($0.id)" }.joined(separator: ", ")
        case .subscriptionStatusFailed(let reason): "subscription status failed: \(reason.english)"
        case .getTransactionInfo(let id): "Get Transaction Info tx \(id)"
        case .transactionInfoNotFound(let id): "transaction info: no tx \(id) (TransactionIdNotFoundError)"
        case .transactionInfo(let id): "transaction info: signed tx \(id) as it is now"
        case .notification(let type, let id, let attempt):
            "notification \(type)\(Self.notified(id))" + (attempt > 1 ? " (retry \(attempt - 1) of \(NotificationRetry.hours.count))" : "")
        case .notificationAcknowledged(let type, let id): "HTTP 200 for notification \(type)\(Self.notified(id))"
        case .notificationPosted(let type, let id, let attempt, let url, let result, let status):
            "\(Self.notification(type: type, id, attempt: attempt).english) POSTed to \(url): \(Self.posted(result, status: status))"
        case .getNotificationHistory: "Get Notification History"
        case .requestTestNotification: "Request a Test Notification"
        case .testNotificationToken(let token): "testNotificationToken \(token)"
        case .notificationURLNotFound: "no notifications URL: notifications are off (ServerNotificationURLNotFoundError)"
        case .getTestNotificationStatus: "Get Test Notification Status"
        case .testNotificationStatus(let results) where results.isEmpty: "test notification status: not posted yet"
        case .testNotificationStatus(let results):
            "test notification status: sendAttempts " + results.map(\.rawValue).joined(separator: ", ")
        case .testNotificationNotFound: "test notification status: no such test (TestNotificationNotFoundError)"
        case .extendRenewalDate(let id, let days, let reason):
            "Extend a Subscription Renewal Date of original tx \(id) by \(days) days (extendReasonCode \(reason))"
        case .renewalDateExtended(let id, let effective):
            "renewal date extended: original tx \(id) now renews \(SimulatedTime.format(millis: effective)) (success true)"
        case .renewalDateNotExtended(let id, let refusal):
            "renewal date not extended: original tx \(id): \(refusal.english) (\(refusal.appleError))"
        case .getTransactionHistory(let id): "Get Transaction History of the customer of tx \(id)"
        case .serverFinishTransaction(let id): "Finish Transaction tx \(id)"
        case .sendConsumptionInformation(let id, let delivered):
            "Send Consumption Information tx \(id): customer consented, \(delivered ? "delivered" : "not delivered")"
        case .transactionHistory(let count): "transaction history: \(count) signed transactions"
        case .notificationHistory(let count): "notification history: \(count) notifications"
        case .signOffer(let offerId, let productId): "sign offer \(offerId) for \(productId)"
        case .offerNotSigned(let offerId, let productId): "offer \(offerId) not signed: \(productId) has no such promotional offer"
        case .offerSigned(let offerId, let productId): "offer \(offerId) signed for \(productId)"
        case .redeemOfferCode(let code): "redeem offer code \(code)"
        case .play(let said): said.english
        }
    }

    private static func tx(_ signed: Bool) -> String {
        signed ? "signed tx" : "tx"
    }

    /// A notification's transaction after its type, as every language writes it (` tx` and the
    /// id), or nothing for one about none (`TEST`).
    public static func notified(_ id: TransactionID?) -> String {
        id.map { " tx \($0)" } ?? ""
    }

    /// How a POST of a notification to the team's URL ended, with Apple's `sendAttemptResult`
    /// after a failure: `HTTP 200`, `HTTP 500 (UNSUCCESSFUL_HTTP_RESPONSE_CODE)`, `timed out (TIMED_OUT)`…
    private static func posted(_ result: SendAttemptResult, status: Int?) -> String {
        let words = switch result {
        case .success, .unsuccessfulHTTPResponseCode: status.map { "HTTP \($0)" } ?? "HTTP"
        case .noResponse: "no response"
        case .timedOut: "timed out"
        case .socketIssue: "connection refused"
        case .tlsIssue: "TLS failed"
        case .prematureClose: "closed before answering"
        case .circularRedirect: "redirected in a loop"
        case .other: "failed"
        }
        return result == .success ? words : "\(words) (\(result.rawValue))"
    }

    /// Where a receipt was sent, when not to production, and how, when not by POST.
    private static func asked(_ sandbox: Bool, _ byGet: Bool) -> String {
        (sandbox ? " at the sandbox" : "") + (byGet ? " sent by GET" : "")
    }
}

extension PaymentMention {
    /// What the user did on the sheet, when it was not a plain confirm, and the offer.
    var suffix: String {
        (answer == .confirm ? "" : " (\(answer.rawValue))") + (offerId.map { " with offer \($0)\(signed ? ", signed" : "")" } ?? "")
    }
}

extension TransactionMention {
    /// The transaction as the queue tells of it: its state, product and id, and the error of a
    /// failed one (written piece by piece: a launch redelivers every unfinished transaction).
    public var english: String {
        let text = String(atMost: 40 + productId.utf8.count) { text in
            text.text(state.rawValue)
            text.byte(UInt8(ascii: " "))
            text.text(productId)
            text.literal(" tx ")
            text.decimal(id.value)
        }
        return error.map { text + " (\($0.explanation))" } ?? text
    }
}
