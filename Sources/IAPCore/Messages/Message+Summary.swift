extension Message {
    /// What the message says, in a few words, for the timeline. The ones a launch sends for
    /// every order it recovers (the redelivered purchase, its finish) and a credit's are written
    /// piece by piece into one allocation; the others are interpolated.
    public var summary: String {
        switch self {
        case .requestProducts(let identifiers):
            return "request products (\(identifiers.count) identifiers)"
        case .productsResponse(let response):
            let invalid = response.invalid.isEmpty ? "" : ": " + response.invalid.joined(separator: ", ")
            return "products: \(response.valid.count) valid, \(response.invalid.count) invalid\(invalid)"
        case .productsRequestFailed(let reason):
            return "product request failed: \(reason)"
        case .addPayment(let request):
            return "add payment \(request.productId)" + Self.answerSuffix(request)
        case .finishTransaction(let id):
            return String(atMost: 40) { text in
                text.literal("finish transaction ")
                text.decimal(id.value)
            }
        case .addTransactionObserver:
            return "add transaction observer"
        case .restoreCompletedTransactions:
            return "restore completed transactions"
        case .refreshReceipt:
            return "refresh the receipt (the app has none)"
        case .receiptRefreshed:
            return "receipt refreshed"
        case .transactionUpdated(let transaction):
            return transaction.summary
        case .transactionsUpdated(let transactions):
            return Self.summary(of: transactions)
        case .restoreCompleted(.finished(let count)):
            return "restore finished: \(count) restored"
        case .restoreCompleted(.failed(let reason)):
            return "restore failed: \(reason)"
        case .verifyPurchase(let request):
            return Self.summary(of: request, signed: false)
        case .verifySignedTransaction(let request):
            return Self.summary(of: request, signed: true)
        case .verificationAnswered(let answer):
            return answer.summary
        case .recoveryAnswered(let answers):
            return Self.summary(ofRecovery: answers)
        case .verificationFailed(let failure):
            return "no answer for tx \(MessageSubject(failure.transactionId)): \(failure.reason)"
        case .verifyReceipt(let check):
            return Self.summary(of: check)
        case .receiptChecked(let result):
            return Self.summary(of: result)
        case .purchase(let request):
            return "Product.purchase() \(request.productId)" + Self.answerSuffix(request)
        case .purchaseResult(let result):
            return Self.summary(of: result)
        case .listenForTransactions:
            return "listen to Transaction.updates"
        case .transactionUpdate(let transaction):
            let sync = transaction.state == .restored ? " (AppStore.sync)" : ""
            return "Transaction.updates: \(transaction.productId) tx \(transaction.transactionId)\(sync)"
        case .finish(let id):
            return "finish() tx \(id)"
        case .sync:
            return "AppStore.sync()"
        case .currentEntitlementsRequest:
            return "read Transaction.currentEntitlements"
        case .currentEntitlements(let transactions) where transactions.isEmpty:
            return "current entitlements: none"
        case .currentEntitlements(let transactions):
            return "current entitlements: " + transactions.map { "\($0.productId) tx \($0.transactionId)" }.joined(separator: ", ")
        case .subscriptionStatusRequest:
            return "read Product.SubscriptionInfo.status"
        case .subscriptionStatuses(let statuses) where statuses.isEmpty:
            return "subscription status: none"
        case .subscriptionStatuses(let statuses):
            return "subscription status: " + statuses.map {
                "\($0.transaction.productId) \($0.state.rawValue) tx \($0.transaction.transactionId)"
            }.joined(separator: ", ")
        case .subscriptionStatusFailed(let reason):
            return "subscription status failed: \(reason)"
        case .getTransactionInfo(let request):
            return "Get Transaction Info tx \(MessageSubject(request.transactionId))"
        case .transactionInfo(let info) where info.signedTransactionInfo == nil:
            return "transaction info: no tx \(MessageSubject(info.request.transactionId)) (TransactionIdNotFoundError)"
        case .transactionInfo(let info):
            return "transaction info: signed tx \(MessageSubject(info.request.transactionId)) as it is now"
        case .notification(let notification):
            return "notification \(Self.named(notification))" + Self.attemptSuffix(notification.attempt)
        case .notificationAcknowledged(let notification):
            return "HTTP 200 for notification \(Self.named(notification))"
        case .getNotificationHistory:
            return "Get Notification History"
        case .getTransactionHistory(let id):
            return "Get Transaction History of the customer of tx \(id)"
        case .transactionHistory(let history):
            return "transaction history: \(history.signedTransactions.count) signed transactions"
        case .notificationHistory(let notifications):
            return "notification history: \(notifications.count) notifications"
        case .signOffer(let request):
            return "sign offer \(request.offerId) for \(request.productId)"
        case .offerSigned(let signed) where signed.signature == nil:
            return "offer \(signed.request.offerId) not signed: \(signed.request.productId) has no such promotional offer"
        case .offerSigned(let signed):
            return "offer \(signed.request.offerId) signed for \(signed.request.productId)"
        case .redeemOfferCode(let code):
            return "redeem offer code \(code)"
        }
    }

    /// A notification's type (and subtype) and transaction.
    static func named(_ notification: ServerNotification) -> String {
        let type = notification.subtype.map { "\(notification.type.rawValue).\($0)" } ?? notification.type.rawValue
        return "\(type) tx \(notification.transactionId)"
    }

    private static func attemptSuffix(_ attempt: Int) -> String {
        attempt > 1 ? " (retry \(attempt - 1) of \(NotificationRetry.hours.count))" : ""
    }

    /// What the user did on the sheet, when it was not a plain confirm.
    private static func answerSuffix(_ request: PaymentRequest) -> String {
        (request.answer == .confirm ? "" : " (\(request.answer.rawValue))")
            + (request.offer.map { " with offer \($0.offerId)\($0.signature == nil ? "" : ", signed")" } ?? "")
    }

    private static func summary(of request: VerificationRequest, signed: Bool) -> String {
        let what = signed ? "signed tx" : "tx"
        let id = MessageSubject(request.transactionId)
        switch request.purpose {
        case .purchase: return "verify \(what) \(id) (\(request.productId))"
        case .renewal: return "check renewal \(what) \(id) (\(request.productId))"
        case .receiptCheck: return "check the current receipt"
        case .recovery: return "verify \(request.orders.count) pending orders with the app receipt"
        case .notification: return "check notified \(what) \(id) (\(request.productId))"
        }
    }

    /// How many orders a recovery's reply answers, and how many of each outcome: "answered 4
    /// pending orders: 3 credited, 1 already credited" (each order's own fate is on the timeline
    /// as the Server's credit and the app's finish, and in the launch's report).
    private static func summary(ofRecovery answers: [VerificationAnswer]) -> String {
        let words = VerificationOutcome.recoveryWords
        var counts = Array(repeating: 0, count: words.count)
        for answer in answers { counts[answer.outcome.recoveryPlace] += 1 }
        let parts = zip(counts, words).filter { $0.0 > 0 }.map { "\($0.0) \($0.1)" }
        return "answered \(answers.count) pending orders: " + parts.joined(separator: ", ")
    }

    /// How many transactions the queue told of at once, and the first few: "3 transactions
    /// updated: purchased … tx …, purchased … tx …, purchased … tx …", then "and 997 more".
    private static func summary(of transactions: [StoreTransaction]) -> String {
        let shown = transactions.prefix(transactionsShown).map(\.summary)
        let more = transactions.count > transactionsShown ? ["and \(transactions.count - transactionsShown) more"] : []
        return "\(transactions.count) transactions updated: " + (shown + more).joined(separator: ", ")
    }

    /// How many transactions of a queue's update its summary names.
    static let transactionsShown = 3

    private static func summary(of check: ReceiptCheck) -> String {
        let endpoint = check.environment == .production ? "" : " at the sandbox"
        let method = check.usesPost ? "" : " sent by GET"
        let what = switch check.request.purpose {
        case .receiptCheck: "verifyReceipt (current receipt)"
        case .recovery: "verifyReceipt for the app receipt (\(check.request.orders.count) pending orders)"
        default: "verifyReceipt for tx \(MessageSubject(check.request.transactionId))"
        }
        return what + endpoint + method
    }

    private static func summary(of result: ReceiptCheckResult) -> String {
        if result.request.purpose == .recovery {
            return result.status == .valid
                ? "status 0 for the app receipt: \(result.entries.count) purchases on it"
                : "status \(result.status.rawValue) for the app receipt: \(result.status.meaning)"
        }
        guard result.status == .valid else {
            let subject = result.request.purpose == .receiptCheck ? "the current receipt" : "tx \(MessageSubject(result.request.transactionId))"
            return "status \(result.status.rawValue) for \(subject): \(result.status.meaning)"
        }
        return result.request.purpose == .receiptCheck
            ? "status 0, purchases on the receipt: \(result.entries.count)"
            : "status 0 for tx \(MessageSubject(result.request.transactionId))"
    }

    private static func summary(of result: PurchaseResult) -> String {
        switch result {
        case .success(let transaction): return "purchase result .success \(transaction.productId) tx \(transaction.transactionId)"
        case .userCancelled(let productId): return "purchase result .userCancelled \(productId)"
        case .pending(let productId): return "purchase result .pending \(productId)"
        case .failed(let productId, let error): return "Product.purchase() threw for \(productId): \(error.explanation)"
        }
    }
}

extension VerificationAnswer {
    /// What the answer says, in a few words: the summary of the Server's reply, and of the note
    /// the Server makes of an order a recovery's reply answers.
    public var summary: String {
        let id = MessageSubject(transactionId)
        switch outcome {
        case .credited:
            return String(atMost: 40 + grant.utf8.count) { text in
                text.literal("credited tx ")
                if let id = transactionId { text.decimal(id.value) }
                text.literal(": ")
                text.text(grant)
            }
        case .alreadyCredited: return "already credited tx \(id)"
        case .rejected(let status) where transactionId == nil:
            return "rejected the current receipt: \(status.rawValue) \(status.meaning)"
        case .rejected(let status): return "rejected tx \(id): \(status.rawValue) \(status.meaning)"
        case .refused(let refusal): return "refused tx \(id): \(refusal.meaning)"
        case .unverified(let status, let reason): return "rejected tx \(id): \(status.name) (\(reason))"
        case .notProven(let reason): return "the app receipt does not prove tx \(id): \(reason)"
        case .receiptChecked(let revoked, let credited):
            let text = "receipt checked: \(EnglishCount.of(revoked, "entitlement")) revoked"
            return credited == 0 ? text : text + ", \(credited) credited from the receipt"
        }
    }
}

extension StoreTransaction {
    /// The transaction as the queue tells of it: its state, product and id, and the error of a
    /// failed one (written piece by piece: a launch redelivers every unfinished transaction).
    public var summary: String {
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
