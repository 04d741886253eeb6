extension Message {
    /// What the message says, for the timeline: its kind and the data its words need.
    public var said: MessageSaid {
        switch self {
        case .requestProducts(let identifiers): .requestProducts(identifiers: identifiers.count)
        case .productsResponse(let response): .products(valid: response.valid.count, invalid: response.invalid)
        case .productsRequestFailed(let reason): .productRequestFailed(reason: reason)
        case .addPayment(let request): .addPayment(PaymentMention(request))
        case .finishTransaction(let id): .finishTransaction(id)
        case .addTransactionObserver: .addTransactionObserver
        case .restoreCompletedTransactions: .restoreCompletedTransactions
        case .refreshReceipt: .refreshReceipt
        case .receiptRefreshed: .receiptRefreshed
        case .transactionUpdated(let transaction): .transactionUpdated(transaction.mention)
        case .transactionsUpdated(let transactions):
            .transactionsUpdated(count: transactions.count, shown: transactions.prefix(MessageSaid.transactionsShown).map(\.mention))
        case .restoreCompleted(.finished(let count)): .restoreFinished(restored: count)
        case .restoreCompleted(.failed(let reason)): .restoreFailed(reason: reason)
        case .verifyPurchase(let request): Self.said(request, signed: false)
        case .verifySignedTransaction(let request): Self.said(request, signed: true)
        case .verificationAnswered(let answer): .verificationAnswered(answer)
        case .recoveryAnswered(let answers): Self.said(recovery: answers)
        case .verificationFailed(let failure): .verificationFailed(MessageSubject(failure.transactionId), reason: failure.reason)
        case .verifyReceipt(let check): Self.said(check)
        case .receiptChecked(let result): Self.said(result)
        case .purchase(let request): .purchase(PaymentMention(request))
        case .purchaseResult(.success(let transaction)): .purchaseSucceeded(productId: transaction.productId, transaction.transactionId)
        case .purchaseResult(.userCancelled(let productId)): .purchaseCancelled(productId: productId)
        case .purchaseResult(.pending(let productId)): .purchasePending(productId: productId)
        case .purchaseResult(.failed(let productId, let error)): .purchaseThrew(productId: productId, error)
        case .listenForTransactions: .listenForTransactions
        case .transactionUpdate(let transaction):
            .transactionUpdate(productId: transaction.productId, transaction.transactionId, synced: transaction.state == .restored)
        case .finish(let id): .finish(id)
        case .sync: .sync
        case .currentEntitlementsRequest: .currentEntitlementsRequest
        case .currentEntitlements(let transactions):
            .currentEntitlements(transactions.map { TransactionMention(state: $0.state, productId: $0.productId, id: $0.transactionId) })
        case .subscriptionStatusRequest: .subscriptionStatusRequest
        case .subscriptionStatuses(let statuses): .subscriptionStatuses(statuses.map(StatusMention.init))
        case .subscriptionStatusFailed(let reason): .subscriptionStatusFailed(reason: reason)
        case .getTransactionInfo(let request): .getTransactionInfo(MessageSubject(request.transactionId))
        case .transactionInfo(let info) where info.signedTransactionInfo == nil:
            .transactionInfoNotFound(MessageSubject(info.request.transactionId))
        case .transactionInfo(let info): .transactionInfo(MessageSubject(info.request.transactionId))
        case .notification(let notification):
            .notification(type: Self.type(of: notification), notification.transactionId, attempt: notification.attempt)
        case .notificationAcknowledged(let notification): .notificationAcknowledged(type: Self.type(of: notification), notification.transactionId)
        case .getNotificationHistory: .getNotificationHistory
        case .getTransactionHistory(let id): .getTransactionHistory(id)
        case .serverFinishTransaction(let id): .serverFinishTransaction(id)
        case .sendConsumptionInformation(let id, let delivered): .sendConsumptionInformation(id, delivered: delivered)
        case .transactionHistory(let history): .transactionHistory(signedTransactions: history.signedTransactions.count)
        case .notificationHistory(let notifications): .notificationHistory(notifications: notifications.count)
        case .requestTestNotification: .requestTestNotification
        case .testNotificationToken(let token): token.map(MessageSaid.testNotificationToken) ?? .notificationURLNotFound
        case .getTestNotificationStatus: .getTestNotificationStatus
        case .testNotificationStatus(let status):
            status.sendAttempts.map { .testNotificationStatus(sendAttempts: $0.map(\.sendAttemptResult)) } ?? .testNotificationNotFound
        case .extendRenewalDate(let request):
            .extendRenewalDate(request.originalTransactionId, days: request.extendByDays, reasonCode: request.extendReasonCode)
        case .renewalDateExtended(let answered):
            if let response = answered.response {
                .renewalDateExtended(answered.request.originalTransactionId, effectiveDate: response.effectiveDate)
            } else {
                .renewalDateNotExtended(answered.request.originalTransactionId, answered.refusal ?? .notFound)
            }
        case .signOffer(let request): .signOffer(offerId: request.offerId, productId: request.productId)
        case .offerSigned(let signed) where signed.signature == nil:
            .offerNotSigned(offerId: signed.request.offerId, productId: signed.request.productId)
        case .offerSigned(let signed): .offerSigned(offerId: signed.request.offerId, productId: signed.request.productId)
        case .redeemOfferCode(let code): .redeemOfferCode(code)
        case .play(let message): .play(message.said)
        }
    }

    /// What the message says, in a few English words, for the timeline.
    public var summary: String { said.english }

    /// A notification's type, and its subtype after a dot.
    package static func type(of notification: ServerNotification) -> String {
        notification.subtype.map { "\(notification.type.rawValue).\($0)" } ?? notification.type.rawValue
    }

    private static func said(_ request: VerificationRequest, signed: Bool) -> MessageSaid {
        let id = MessageSubject(request.transactionId)
        return switch request.purpose {
        case .purchase: .verifyPurchase(id, productId: request.productId, signed: signed)
        case .renewal: .checkRenewal(id, productId: request.productId, signed: signed)
        case .receiptCheck: .checkCurrentReceipt
        case .recovery: .verifyPendingOrders(request.orders.count)
        case .notification: .checkNotified(id, productId: request.productId, signed: signed)
        }
    }

    /// How many orders a recovery's reply answers, and how many of each outcome (each order's own
    /// fate is on the timeline as the Server's credit and the app's finish, and in the launch's report).
    private static func said(recovery answers: [VerificationAnswer]) -> MessageSaid {
        var counts = Array(repeating: 0, count: VerificationOutcome.recoveryWords.count)
        for answer in answers { counts[answer.outcome.recoveryPlace] += 1 }
        return .recoveryAnswered(orders: answers.count, counts: counts)
    }

    private static func said(_ check: ReceiptCheck) -> MessageSaid {
        let sandbox = check.environment != .production
        let byGet = !check.usesPost
        return switch check.request.purpose {
        case .receiptCheck: .verifyCurrentReceipt(sandbox: sandbox, byGet: byGet)
        case .recovery: .verifyAppReceipt(orders: check.request.orders.count, sandbox: sandbox, byGet: byGet)
        default: .verifyReceipt(MessageSubject(check.request.transactionId), sandbox: sandbox, byGet: byGet)
        }
    }

    private static func said(_ result: ReceiptCheckResult) -> MessageSaid {
        let valid = result.status == .valid
        return switch result.request.purpose {
        case .recovery: valid ? .appReceiptValid(purchases: result.purchases) : .appReceiptInvalid(result.status)
        case .receiptCheck: valid ? .currentReceiptValid(purchases: result.purchases) : .currentReceiptInvalid(result.status)
        default:
            valid ? .receiptValid(MessageSubject(result.request.transactionId))
                : .receiptInvalid(MessageSubject(result.request.transactionId), result.status)
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
            let words = grant?.english ?? ""
            return String(atMost: 40 + words.utf8.count) { text in
                text.literal("credited tx ")
                if let id = transactionId { text.decimal(id.value) }
                text.literal(": ")
                text.text(words)
            }
        case .alreadyCredited: return "already credited tx \(id)"
        case .rejected(let status) where transactionId == nil:
            return "rejected the current receipt: \(status.rawValue) \(status.meaning)"
        case .rejected(let status): return "rejected tx \(id): \(status.rawValue) \(status.meaning)"
        case .refused(let refusal): return "refused tx \(id): \(refusal.meaning)"
        case .unverified(let status, let reason): return "rejected tx \(id): \(status.name) (\(reason.english))"
        case .notProven(let reason): return "the app receipt does not prove tx \(id): \(reason.english)"
        case .receiptChecked(let revoked, let credited):
            let text = "receipt checked: \(revoked) entitlement\(revoked == 1 ? "" : "s") revoked"
            return credited == 0 ? text : text + ", \(credited) credited from the receipt"
        }
    }
}

extension StoreTransaction {
    /// The transaction as the queue names it.
    var mention: TransactionMention {
        TransactionMention(state: state, productId: productId, id: id, error: error)
    }
}
