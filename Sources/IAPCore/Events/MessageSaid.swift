/// What a message says, as the timeline tells it: a case per kind of message, with the data its
/// words need (never its payload: a receipt, a signed transaction).
public enum MessageSaid: Sendable, Equatable, Codable {
    case requestProducts(identifiers: Int)
    case products(valid: Int, invalid: [String])
    case productRequestFailed(reason: StoreFailure)
    case addPayment(PaymentMention)
    case finishTransaction(TransactionID)
    case addTransactionObserver
    case restoreCompletedTransactions
    case refreshReceipt
    case receiptRefreshed
    case transactionUpdated(TransactionMention)
    /// The first few of the transactions the queue told of at once (`shown`), and how many.
    case transactionsUpdated(count: Int, shown: [TransactionMention])
    case restoreFinished(restored: Int)
    case restoreFailed(reason: StoreFailure)
    case verifyPurchase(MessageSubject, productId: String, signed: Bool)
    case checkRenewal(MessageSubject, productId: String, signed: Bool)
    case checkCurrentReceipt
    case verifyPendingOrders(Int)
    case checkNotified(MessageSubject, productId: String, signed: Bool)
    case verificationAnswered(VerificationAnswer)
    /// How many orders a recovery's reply answers, and how many had each outcome, counted in
    /// the places of `VerificationOutcome.recoveryWords`.
    case recoveryAnswered(orders: Int, counts: [Int])
    case verificationFailed(MessageSubject, reason: NoAnswer)
    case verifyCurrentReceipt(sandbox: Bool, byGet: Bool)
    case verifyAppReceipt(orders: Int, sandbox: Bool, byGet: Bool)
    case verifyReceipt(MessageSubject, sandbox: Bool, byGet: Bool)
    case appReceiptValid(purchases: Int)
    case appReceiptInvalid(ReceiptStatus)
    case currentReceiptValid(purchases: Int)
    case currentReceiptInvalid(ReceiptStatus)
    case receiptValid(MessageSubject)
    case receiptInvalid(MessageSubject, ReceiptStatus)
    case purchase(PaymentMention)
    case purchaseSucceeded(productId: String, TransactionID)
    case purchaseCancelled(productId: String)
    case purchasePending(productId: String)
    case purchaseThrew(productId: String, PurchaseError)
    case listenForTransactions
    case transactionUpdate(productId: String, TransactionID, synced: Bool)
    case finish(TransactionID)
    case sync
    case currentEntitlementsRequest
    case currentEntitlements([TransactionMention])
    case subscriptionStatusRequest
    case subscriptionStatuses([StatusMention])
    case subscriptionStatusFailed(reason: StoreFailure)
    case getTransactionInfo(MessageSubject)
    case transactionInfoNotFound(MessageSubject)
    case transactionInfo(MessageSubject)
    /// A notification posted: its type (and subtype) and transaction (none for `TEST`), and which attempt.
    case notification(type: String, TransactionID?, attempt: Int)
    case notificationAcknowledged(type: String, TransactionID?)
    /// A notification's attempt POSTed to the team's URL (`server notifications url`), and how it
    /// ended: Apple's `sendAttemptResult`, with the HTTP status when one came back.
    case notificationPosted(type: String, TransactionID?, attempt: Int, url: String, result: SendAttemptResult, status: Int?)
    case getNotificationHistory
    case requestTestNotification
    /// The Store's answer to Request a Test Notification: the test's `testNotificationToken`.
    case testNotificationToken(String)
    /// The Store has no notifications URL to post to (`ServerNotificationURLNotFoundError`).
    case notificationURLNotFound
    case getTestNotificationStatus
    /// The Store's answer to Get Test Notification Status: each send attempt's `sendAttemptResult`.
    case testNotificationStatus(sendAttempts: [SendAttemptResult])
    /// The Store knows no test by the token (`TestNotificationNotFoundError`).
    case testNotificationNotFound
    /// Extend a Subscription Renewal Date of the subscription begun by the transaction, by days.
    case extendRenewalDate(TransactionID, days: Int, reasonCode: Int)
    /// The Store's `ExtendRenewalDateResponse`: the subscription's period now ends at `effectiveDate` (milliseconds).
    case renewalDateExtended(TransactionID, effectiveDate: Int64)
    /// The Store's error instead: why it did not extend the renewal date.
    case renewalDateNotExtended(TransactionID, RenewalExtensionRefusal)
    case getTransactionHistory(TransactionID)
    /// The Server's Finish Transaction call (App Store Server API) for a transaction it credited.
    case serverFinishTransaction(TransactionID)
    /// The Server's Send Consumption Information call, answering a CONSUMPTION_REQUEST.
    case sendConsumptionInformation(TransactionID, delivered: Bool)
    case transactionHistory(signedTransactions: Int)
    case notificationHistory(notifications: Int)
    case signOffer(offerId: String, productId: String)
    case offerNotSigned(offerId: String, productId: String)
    case offerSigned(offerId: String, productId: String)
    case redeemOfferCode(String)
    /// A message to or from Google Play.
    case play(PlaySaid)
}
