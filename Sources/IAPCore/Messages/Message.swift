/// Every message that travels between the parties. The case fixes sender and receiver.
public enum Message: Sendable, Equatable, Codable {
    case requestProducts(identifiers: [String])
    case productsResponse(ProductsResponse)
    case productsRequestFailed(reason: StoreFailure)
    case addPayment(PaymentRequest)
    case finishTransaction(transactionId: TransactionID)
    case addTransactionObserver
    case restoreCompletedTransactions
    case refreshReceipt
    case receiptRefreshed(receipt: String)
    /// The payment queue tells the observer of one transaction (`paymentQueue(_:updatedTransactions:)`).
    case transactionUpdated(StoreTransaction)
    /// The payment queue tells the observer of several transactions in one call: Apple's
    /// `paymentQueue(_:updatedTransactions:)` "Tells an observer that one or more transactions
    /// have been updated", with "An array of the transactions that were updated". The unfinished
    /// ones come so when the app adds its observer.
    case transactionsUpdated([StoreTransaction])
    case restoreCompleted(RestoreOutcome)
    case verifyPurchase(VerificationRequest)
    case verificationAnswered(VerificationAnswer)
    /// The Server's one reply to a recovery's one request: an answer for each order, in the
    /// order the request named them.
    case recoveryAnswered([VerificationAnswer])
    case verificationFailed(VerificationFailure)
    case verifyReceipt(ReceiptCheck)
    case receiptChecked(ReceiptCheckResult)
    // StoreKit 2
    /// `Product.purchase()`.
    case purchase(PaymentRequest)
    /// What `Product.purchase()` returns (or throws).
    case purchaseResult(PurchaseResult)
    /// The app starts its `Transaction.updates` listener: the Store delivers the unfinished transactions.
    case listenForTransactions
    /// A transaction delivered through `Transaction.updates`.
    case transactionUpdate(SignedTransaction)
    /// `transaction.finish()`.
    case finish(transactionId: TransactionID)
    /// `AppStore.sync()`: the Store delivers the account's current entitlements again.
    case sync
    /// The app reads `Transaction.currentEntitlements` (at launch), to show what the user owns.
    case currentEntitlementsRequest
    /// What `Transaction.currentEntitlements` yields: the latest transaction of each
    /// non-consumable and active subscription not revoked.
    case currentEntitlements([SignedTransaction])
    /// The app reads `Product.SubscriptionInfo.status(for:)` (at launch, after its entitlements)
    /// to show the access its subscriptions give.
    case subscriptionStatusRequest
    /// What `status(for:)` returns: the state of each of the account's subscriptions.
    case subscriptionStatuses([SubscriptionStatus])
    /// `status(for:)` threw (StoreKit Testing's simulated Subscription Status error).
    case subscriptionStatusFailed(reason: StoreFailure)
    /// The app sends its Server the signed transaction (in `receipt`) to verify offline and credit.
    case verifySignedTransaction(VerificationRequest)
    // App Store Server API
    /// Get Transaction Info: the Server asks the Store for the transaction the app reported.
    case getTransactionInfo(VerificationRequest)
    /// The Store's answer to Get Transaction Info.
    case transactionInfo(TransactionInfo)
    /// Get Transaction History: the Server asks for every transaction of the customer who made one.
    case getTransactionHistory(transactionId: TransactionID)
    /// The Store's answer to Get Transaction History.
    case transactionHistory(TransactionHistory)
    /// Finish Transaction (App Store Server API 1.20), "Notifies the App Store server that your
    /// system has finished processing the customer's transaction": the Server finishes a
    /// transaction it has credited, for an app that never finishes (strategy server-finishes).
    /// Apple answers HTTP 200 with no body; the Server needs nothing from it, so no message answers it.
    case serverFinishTransaction(transactionId: TransactionID)
    /// Send Consumption Information (App Store Server API): Apple, "Send consumption information
    /// about a consumable In-App Purchase or auto-renewable subscription to the App Store after
    /// your server receives a consumption request notification." The Server tells whether it
    /// delivered (credited) the purchase; Apple answers HTTP 202 with no body, so no message answers it.
    case sendConsumptionInformation(transactionId: TransactionID, delivered: Bool)
    // App Store Server Notifications V2
    /// The Store posts a signed notification to the Server.
    case notification(ServerNotification)
    /// The Server answers the post with HTTP 200: the Store stops retrying.
    case notificationAcknowledged(ServerNotification)
    /// Get Notification History: the Server asks the Store for every notification it posted.
    case getNotificationHistory
    /// The Store's answer to Get Notification History.
    case notificationHistory([ServerNotification])
    /// Request a Test Notification: Apple, "Use this endpoint to test if your server is receiving
    /// App Store Server Notifications at the URLs that you configured in App Store Connect."
    case requestTestNotification
    /// The Store's answer to Request a Test Notification (`SendTestNotificationResponse`): the
    /// `testNotificationToken` of the test, whose `TEST` notification the Store then posts; nil
    /// when the notifications are off, Apple's `ServerNotificationURLNotFoundError`: "the App
    /// Store server couldn't find a notifications URL for your app in the environment".
    case testNotificationToken(String?)
    /// Get Test Notification Status: Apple, "Check the status of the test App Store server
    /// notification sent to your server."
    case getTestNotificationStatus(testNotificationToken: String)
    /// The Store's answer to Get Test Notification Status (`CheckTestNotificationResponse`).
    case testNotificationStatus(TestNotificationStatus)
    /// Extend a Subscription Renewal Date: Apple, "Use this endpoint to compensate your customers
    /// for temporary service outages, canceled events, or interruptions to live streamed events
    /// by extending the renewal date of their paid, active subscription."
    case extendRenewalDate(RenewalExtension.Request)
    /// The Store's answer: `ExtendRenewalDateResponse`, or Apple's error.
    case renewalDateExtended(RenewalExtension)
    // Offers
    /// The app asks its Server to sign a promotional offer.
    case signOffer(OfferSignatureRequest)
    /// The Server's signature (or refusal) for the offer.
    case offerSigned(SignedOffer)
    /// The user redeems an offer code (`presentCodeRedemptionSheet`); the transaction, if any,
    /// comes through the payment queue or `Transaction.updates`.
    case redeemOfferCode(code: String)
    // Google Play
    /// A message to or from Google Play, in a world that sells there.
    case play(PlayMessage)

    /// Who sends it.
    public var from: Party {
        switch self {
        case .requestProducts, .addPayment, .finishTransaction, .addTransactionObserver,
             .restoreCompletedTransactions, .refreshReceipt, .verifyPurchase,
             .purchase, .listenForTransactions, .finish, .sync, .verifySignedTransaction, .currentEntitlementsRequest, .signOffer,
             .redeemOfferCode, .subscriptionStatusRequest:
            return .app
        case .productsResponse, .productsRequestFailed, .transactionUpdated, .transactionsUpdated, .restoreCompleted,
             .receiptRefreshed, .receiptChecked, .purchaseResult, .transactionUpdate, .transactionInfo, .notification,
             .notificationHistory, .currentEntitlements, .transactionHistory, .subscriptionStatuses, .subscriptionStatusFailed,
             .testNotificationToken, .testNotificationStatus, .renewalDateExtended:
            return .store
        case .verificationAnswered, .recoveryAnswered, .verifyReceipt, .getTransactionInfo, .notificationAcknowledged,
             .getNotificationHistory, .getTransactionHistory, .offerSigned, .serverFinishTransaction, .requestTestNotification,
             .getTestNotificationStatus, .sendConsumptionInformation, .extendRenewalDate:
            return .server
        case .verificationFailed:
            return .network
        case .play(let message):
            return message.from
        }
    }

    /// Who receives it.
    public var to: Party {
        switch self {
        case .requestProducts, .addPayment, .finishTransaction, .addTransactionObserver,
             .restoreCompletedTransactions, .refreshReceipt, .verifyReceipt,
             .purchase, .listenForTransactions, .finish, .sync, .getTransactionInfo, .notificationAcknowledged,
             .getNotificationHistory, .currentEntitlementsRequest, .getTransactionHistory, .redeemOfferCode,
             .subscriptionStatusRequest, .serverFinishTransaction, .requestTestNotification, .getTestNotificationStatus,
             .sendConsumptionInformation, .extendRenewalDate:
            return .store
        case .productsResponse, .productsRequestFailed, .transactionUpdated, .transactionsUpdated, .restoreCompleted,
             .receiptRefreshed, .verificationAnswered, .recoveryAnswered, .verificationFailed, .purchaseResult, .transactionUpdate,
             .currentEntitlements, .offerSigned, .subscriptionStatuses, .subscriptionStatusFailed:
            return .app
        case .verifyPurchase, .receiptChecked, .verifySignedTransaction, .transactionInfo, .notification, .notificationHistory,
             .transactionHistory, .signOffer, .testNotificationToken, .testNotificationStatus, .renewalDateExtended:
            return .server
        case .play(let message):
            return message.to
        }
    }

    /// What the message is about, if anything. The Server's side of a receipt check is about the
    /// current receipt, and its loss is reported to the app; the app's own request to check its
    /// receipt is about nothing, and its loss is not.
    public var subject: MessageSubject? {
        switch self {
        case .finishTransaction(let id), .finish(let id), .serverFinishTransaction(let id): return .transaction(id)
        case .sendConsumptionInformation(let id, _): return .transaction(id)
        case .transactionUpdated(let transaction): return .transaction(transaction.id)
        case .transactionUpdate(let transaction): return .transaction(transaction.transactionId)
        case .purchaseResult(.success(let transaction)): return .transaction(transaction.transactionId)
        case .verifyPurchase(let request), .verifySignedTransaction(let request), .getTransactionInfo(let request):
            return request.transactionId.map(MessageSubject.transaction)
        case .verificationAnswered(let answer): return MessageSubject(answer.transactionId)
        case .verificationFailed(let failure): return MessageSubject(failure.transactionId)
        case .verifyReceipt(let check): return MessageSubject(check.request.transactionId)
        case .receiptChecked(let result): return MessageSubject(result.request.transactionId)
        case .transactionInfo(let info): return MessageSubject(info.request.transactionId)
        case .notification(let notification), .notificationAcknowledged(let notification):
            return notification.transactionId.map(MessageSubject.transaction)
        case .getNotificationHistory, .notificationHistory, .requestTestNotification, .testNotificationToken,
             .getTestNotificationStatus, .testNotificationStatus:
            return nil
        case .getTransactionHistory(let id): return .transaction(id)
        case .transactionHistory(let history): return .transaction(history.transactionId)
        case .extendRenewalDate(let request): return .transaction(request.originalTransactionId)
        case .renewalDateExtended(let answered): return .transaction(answered.request.originalTransactionId)
        case .requestProducts, .productsResponse, .productsRequestFailed, .addPayment, .addTransactionObserver,
             .restoreCompletedTransactions, .restoreCompleted, .refreshReceipt, .receiptRefreshed,
             .purchase, .purchaseResult, .listenForTransactions, .sync, .currentEntitlementsRequest, .currentEntitlements,
             .signOffer, .offerSigned, .redeemOfferCode, .subscriptionStatusRequest, .subscriptionStatuses, .subscriptionStatusFailed,
             .recoveryAnswered, .transactionsUpdated:
            return nil
        case .play(let message):
            return message.subject
        }
    }

    /// The pending orders a recovery's message is about (the request, the Server's
    /// `verifyReceipt` and its result, the Server's reply); empty for any other message. When one
    /// is lost, the app is told of each order.
    public var recoveredOrders: [TransactionID] {
        switch self {
        case .verifyPurchase(let request): return request.orders
        case .verifyReceipt(let check): return check.request.orders
        case .receiptChecked(let result): return result.request.orders
        case .recoveryAnswered(let answers): return answers.compactMap(\.transactionId)
        default: return []
        }
    }

    /// Whether the app is waiting on it: a request the app made, or a step of one. A
    /// notification, its acknowledgement, the history, the Server's check of a notified
    /// transaction and its Finish Transaction are between the Store and the Server alone; when one
    /// is lost, the app hears nothing.
    public var answersTheApp: Bool {
        switch self {
        case .notification, .notificationAcknowledged, .getNotificationHistory, .notificationHistory, .getTransactionHistory,
             .transactionHistory, .serverFinishTransaction, .requestTestNotification, .testNotificationToken,
             .getTestNotificationStatus, .testNotificationStatus, .sendConsumptionInformation:
            return false
        case .getTransactionInfo(let request): return request.purpose != .notification
        case .transactionInfo(let info): return info.request.purpose != .notification
        case .play(let message): return message.answersTheApp
        default: return true
        }
    }
}
