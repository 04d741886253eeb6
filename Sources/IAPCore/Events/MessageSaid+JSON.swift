extension MessageSaid: EventJSON {
    /// The message as its Codable conformance writes it, each case's keys in sorted order.
    public func write(to json: inout EventJSONWriter) {
        switch self {
        case .requestProducts(let identifiers): json.tag("requestProducts") { $0.put("identifiers", identifiers) }
        case .products(let valid, let invalid): json.tag("products") { $0.put("invalid", invalid); $0.put("valid", valid) }
        case .productRequestFailed(let reason): json.tag("productRequestFailed") { $0.put("reason", reason) }
        case .addPayment(let payment): json.tag("addPayment") { $0.put("_0", payment) }
        case .finishTransaction(let id): json.tag("finishTransaction") { $0.put("_0", id) }
        case .addTransactionObserver: json.tag("addTransactionObserver")
        case .restoreCompletedTransactions: json.tag("restoreCompletedTransactions")
        case .refreshReceipt: json.tag("refreshReceipt")
        case .receiptRefreshed: json.tag("receiptRefreshed")
        case .transactionUpdated(let mention): json.tag("transactionUpdated") { $0.put("_0", mention) }
        case .transactionsUpdated(let count, let shown): json.tag("transactionsUpdated") { $0.put("count", count); $0.put("shown", shown) }
        case .restoreFinished(let restored): json.tag("restoreFinished") { $0.put("restored", restored) }
        case .restoreFailed(let reason): json.tag("restoreFailed") { $0.put("reason", reason) }
        case .verifyPurchase(let subject, let productId, let signed): json.tag("verifyPurchase") { $0.request(subject, productId, signed) }
        case .checkRenewal(let subject, let productId, let signed): json.tag("checkRenewal") { $0.request(subject, productId, signed) }
        case .checkCurrentReceipt: json.tag("checkCurrentReceipt")
        case .verifyPendingOrders(let count): json.tag("verifyPendingOrders") { $0.put("_0", count) }
        case .checkNotified(let subject, let productId, let signed): json.tag("checkNotified") { $0.request(subject, productId, signed) }
        case .verificationAnswered(let answer): json.tag("verificationAnswered") { $0.put("_0", answer) }
        case .recoveryAnswered(let orders, let counts): json.tag("recoveryAnswered") { $0.put("counts", counts); $0.put("orders", orders) }
        case .verificationFailed(let subject, let reason): json.tag("verificationFailed") { $0.put("_0", subject); $0.put("reason", reason) }
        case .verifyCurrentReceipt(let sandbox, let byGet):
            json.tag("verifyCurrentReceipt") { $0.put("byGet", byGet); $0.put("sandbox", sandbox) }
        case .verifyAppReceipt(let orders, let sandbox, let byGet):
            json.tag("verifyAppReceipt") { $0.put("byGet", byGet); $0.put("orders", orders); $0.put("sandbox", sandbox) }
        case .verifyReceipt(let subject, let sandbox, let byGet):
            json.tag("verifyReceipt") { $0.put("_0", subject); $0.put("byGet", byGet); $0.put("sandbox", sandbox) }
        case .appReceiptValid(let purchases): json.tag("appReceiptValid") { $0.put("purchases", purchases) }
        case .appReceiptInvalid(let status): json.tag("appReceiptInvalid") { $0.put("_0", status) }
        case .currentReceiptValid(let purchases): json.tag("currentReceiptValid") { $0.put("purchases", purchases) }
        case .currentReceiptInvalid(let status): json.tag("currentReceiptInvalid") { $0.put("_0", status) }
        case .receiptValid(let subject): json.tag("receiptValid") { $0.put("_0", subject) }
        case .receiptInvalid(let subject, let status): json.tag("receiptInvalid") { $0.put("_0", subject); $0.put("_1", status) }
        case .purchase(let payment): json.tag("purchase") { $0.put("_0", payment) }
        case .purchaseSucceeded(let productId, let id): json.tag("purchaseSucceeded") { $0.put("_1", id); $0.put("productId", productId) }
        case .purchaseCancelled(let productId): json.tag("purchaseCancelled") { $0.put("productId", productId) }
        case .purchasePending(let productId): json.tag("purchasePending") { $0.put("productId", productId) }
        case .purchaseThrew(let productId, let error): json.tag("purchaseThrew") { $0.put("_1", error); $0.put("productId", productId) }
        case .listenForTransactions: json.tag("listenForTransactions")
        case .transactionUpdate(let productId, let id, let synced):
            json.tag("transactionUpdate") { $0.put("_1", id); $0.put("productId", productId); $0.put("synced", synced) }
        case .finish(let id): json.tag("finish") { $0.put("_0", id) }
        case .sync: json.tag("sync")
        case .currentEntitlementsRequest: json.tag("currentEntitlementsRequest")
        case .currentEntitlements(let mentions): json.tag("currentEntitlements") { $0.put("_0", mentions) }
        case .subscriptionStatusRequest: json.tag("subscriptionStatusRequest")
        case .subscriptionStatuses(let statuses): json.tag("subscriptionStatuses") { $0.put("_0", statuses) }
        case .subscriptionStatusFailed(let reason): json.tag("subscriptionStatusFailed") { $0.put("reason", reason) }
        case .getTransactionInfo(let subject): json.tag("getTransactionInfo") { $0.put("_0", subject) }
        case .transactionInfoNotFound(let subject): json.tag("transactionInfoNotFound") { $0.put("_0", subject) }
        case .transactionInfo(let subject): json.tag("transactionInfo") { $0.put("_0", subject) }
        case .notification(let type, let id, let attempt):
            json.tag("notification") { $0.put("_1", id); $0.put("attempt", attempt); $0.put("type", type) }
        case .notificationAcknowledged(let type, let id): json.tag("notificationAcknowledged") { $0.put("_1", id); $0.put("type", type) }
        case .notificationPosted(let type, let id, let attempt, let url, let result, let status):
            json.tag("notificationPosted") {
                $0.put("_1", id); $0.put("attempt", attempt); $0.put("result", result.rawValue); $0.put("status", status.map(Int64.init))
                $0.put("type", type); $0.put("url", url)
            }
        case .getNotificationHistory: json.tag("getNotificationHistory")
        case .requestTestNotification: json.tag("requestTestNotification")
        case .testNotificationToken(let token): json.tag("testNotificationToken") { $0.put("_0", token) }
        case .notificationURLNotFound: json.tag("notificationURLNotFound")
        case .getTestNotificationStatus: json.tag("getTestNotificationStatus")
        case .testNotificationStatus(let results): json.tag("testNotificationStatus") { $0.put("sendAttempts", results.map(\.rawValue)) }
        case .testNotificationNotFound: json.tag("testNotificationNotFound")
        case .extendRenewalDate(let id, let days, let reason):
            json.tag("extendRenewalDate") { $0.put("_0", id); $0.put("days", days); $0.put("reasonCode", reason) }
        case .renewalDateExtended(let id, let effective):
            json.tag("renewalDateExtended") { $0.put("_0", id); $0.put("effectiveDate", effective) }
        case .renewalDateNotExtended(let id, let refusal):
            json.tag("renewalDateNotExtended") { $0.put("_0", id); $0.put("_1", refusal.rawValue) }
        case .getTransactionHistory(let id): json.tag("getTransactionHistory") { $0.put("_0", id) }
        case .serverFinishTransaction(let id): json.tag("serverFinishTransaction") { $0.put("_0", id) }
        case .sendConsumptionInformation(let id, let delivered):
            json.tag("sendConsumptionInformation") { $0.put("_0", id); $0.put("delivered", delivered) }
        case .transactionHistory(let count): json.tag("transactionHistory") { $0.put("signedTransactions", count) }
        case .notificationHistory(let count): json.tag("notificationHistory") { $0.put("notifications", count) }
        case .signOffer(let offerId, let productId): json.tag("signOffer") { $0.offer(offerId, productId) }
        case .offerNotSigned(let offerId, let productId): json.tag("offerNotSigned") { $0.offer(offerId, productId) }
        case .offerSigned(let offerId, let productId): json.tag("offerSigned") { $0.offer(offerId, productId) }
        case .redeemOfferCode(let code): json.tag("redeemOfferCode") { $0.put("_0", code) }
        case .play(let said): json.tag("play") { $0.put("_0", said) }
        }
    }
}

extension EventJSONWriter {
    /// The values of a request the app sends the Server about one transaction.
    fileprivate mutating func request(_ subject: MessageSubject, _ productId: String, _ signed: Bool) {
        put("_0", subject)
        put("productId", productId)
        put("signed", signed)
    }

    /// The values of a message about a promotional offer.
    fileprivate mutating func offer(_ offerId: String, _ productId: String) {
        put("offerId", offerId)
        put("productId", productId)
    }
}

extension PaymentMention: EventJSON {
    public func write(to json: inout EventJSONWriter) {
        json.object { $0.put("answer", answer); $0.put("offerId", offerId); $0.put("productId", productId); $0.put("signed", signed) }
    }
}

extension TransactionMention: EventJSON {
    public func write(to json: inout EventJSONWriter) {
        json.object { $0.put("error", error); $0.put("id", id); $0.put("productId", productId); $0.put("state", state) }
    }
}

extension StatusMention: EventJSON {
    public func write(to json: inout EventJSONWriter) {
        json.object { $0.put("id", id); $0.put("productId", productId); $0.put("state", state) }
    }
}

extension VerificationAnswer: EventJSON {
    public func write(to json: inout EventJSONWriter) {
        json.object { $0.put("grant", grant); $0.put("outcome", outcome); $0.put("productId", productId); $0.put("transactionId", transactionId) }
    }
}

extension VerificationOutcome: EventJSON {
    public func write(to json: inout EventJSONWriter) {
        switch self {
        case .credited: json.tag("credited")
        case .alreadyCredited: json.tag("alreadyCredited")
        case .rejected(let status): json.tag("rejected") { $0.put("_0", status) }
        case .refused(let refusal): json.tag("refused") { $0.put("_0", refusal) }
        case .receiptChecked(let revoked, let credited): json.tag("receiptChecked") { $0.put("credited", credited); $0.put("revoked", revoked) }
        case .unverified(let status, let reason): json.tag("unverified") { $0.put("_0", status); $0.put("_1", reason) }
        case .notProven(let reason): json.tag("notProven") { $0.put("_0", reason) }
        }
    }
}
