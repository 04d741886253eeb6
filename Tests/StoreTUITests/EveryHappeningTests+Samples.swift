import IAPCore

extension EveryHappeningTests {
    static let tx: TransactionID = 1_000_000_000_000_001
    static let pro = "com.storesim.pro"

    /// One sample of every kind of message, at least.
    static let messages: [MessageSaid] = [
        .requestProducts(identifiers: 4), .products(valid: 3, invalid: []), .products(valid: 2, invalid: ["com.example.gone"]),
        .productRequestFailed(reason: .unreachable),
        .addPayment(PaymentMention(PaymentRequest(productId: pro, answer: .confirm))),
        .addPayment(PaymentMention(PaymentRequest(productId: pro, answer: .ask))),
        .addPayment(PaymentMention(PaymentRequest(productId: pro, answer: .ask, offer: OfferRedemption(offerId: "spring", signature: nil)))),
        .finishTransaction(tx), .addTransactionObserver, .restoreCompletedTransactions, .refreshReceipt, .receiptRefreshed,
        .transactionUpdated(TransactionMention(state: .failed, productId: pro, id: tx, error: .paymentCancelled)),
        .transactionUpdated(TransactionMention(state: .deferred, productId: pro, id: tx)),
        .transactionsUpdated(count: 5, shown: [TransactionMention(state: .purchased, productId: pro, id: tx),
                                               TransactionMention(state: .restored, productId: pro, id: 1_000_000_000_000_002),
                                               TransactionMention(state: .purchasing, productId: pro, id: 1_000_000_000_000_003)]),
        .restoreFinished(restored: 2), .restoreFailed(reason: .unreachable),
        .verifyPurchase(.transaction(tx), productId: pro, signed: false), .checkRenewal(.transaction(tx), productId: pro, signed: true),
        .checkCurrentReceipt, .verifyPendingOrders(3), .checkNotified(.transaction(tx), productId: pro, signed: true),
        .verificationAnswered(VerificationAnswer(transactionId: tx, outcome: .credited, productId: pro, grant: .amounts([GrantAmount(currency: "coins", amount: 100)]))),
        .verificationAnswered(VerificationAnswer(transactionId: nil, outcome: .rejected(.malformed), productId: nil)),
        .verificationAnswered(VerificationAnswer(transactionId: tx, outcome: .refused(.otherAccount), productId: nil)),
        .verificationAnswered(VerificationAnswer(transactionId: nil, outcome: .receiptChecked(revoked: 1, credited: 2), productId: nil)),
        .recoveryAnswered(orders: 4, counts: [2, 1, 0, 0, 1, 0]), .verificationFailed(.transaction(tx), reason: .request(.serverDown)),
        .verificationFailed(.currentReceipt, reason: .request(.serverDown)),
        .verificationFailed(.transaction(tx), reason: .reply(.replyLost)),
        .verificationFailed(.transaction(tx), reason: .serverCouldNotSave(problem: .diskFull)),
        .verifyCurrentReceipt(sandbox: false, byGet: false), .verifyAppReceipt(orders: 2, sandbox: true, byGet: false),
        .verifyReceipt(.transaction(tx), sandbox: true, byGet: true), .appReceiptValid(purchases: 3), .appReceiptInvalid(.malformed),
        .currentReceiptValid(purchases: 1), .currentReceiptInvalid(.wrongSharedSecret), .receiptValid(.transaction(tx)),
        .receiptInvalid(.transaction(tx), .notAuthenticated),
        .purchase(PaymentMention(PaymentRequest(productId: pro, answer: .cancel))),
        .purchase(PaymentMention(PaymentRequest(productId: pro, answer: .confirm, offer: OfferRedemption(offerId: "spring", signature: nil)))),
        .purchaseSucceeded(productId: pro, tx), .purchaseCancelled(productId: pro), .purchasePending(productId: pro),
        .purchaseThrew(productId: pro, .paymentNotAllowed), .listenForTransactions, .transactionUpdate(productId: pro, tx, synced: true),
        .finish(tx), .sync, .currentEntitlementsRequest, .currentEntitlements([]),
        .currentEntitlements([TransactionMention(state: .purchased, productId: pro, id: tx)]), .subscriptionStatusRequest,
        .subscriptionStatuses([]),
        .subscriptionStatuses([StatusMention(SubscriptionStatus(state: .inBillingRetryPeriod, transaction: SignedTransaction(
            transactionId: tx, productId: pro, state: .purchased, jws: "a.b.c")))]),
        .subscriptionStatusFailed(reason: .unreachable),
        .getTransactionInfo(.transaction(tx)), .transactionInfoNotFound(.transaction(tx)), .transactionInfo(.transaction(tx)),
        .notification(type: "DID_RENEW", tx, attempt: 1), .notification(type: "SUBSCRIBED.RESUBSCRIBE", tx, attempt: 3),
        .notificationAcknowledged(type: "REFUND", tx), .getNotificationHistory, .getTransactionHistory(tx),
        .serverFinishTransaction(tx), .sendConsumptionInformation(tx, delivered: true),
        .transactionHistory(signedTransactions: 2), .notificationHistory(notifications: 0), .signOffer(offerId: "spring", productId: pro),
        .offerNotSigned(offerId: "spring", productId: pro), .offerSigned(offerId: "spring", productId: pro), .redeemOfferCode("SPRING"),
        .notification(type: "TEST", nil, attempt: 1), .notification(type: "TEST", nil, attempt: 2), .notificationAcknowledged(type: "TEST", nil),
        .requestTestNotification, .testNotificationToken("5d9a"), .notificationURLNotFound, .getTestNotificationStatus,
        .testNotificationStatus(sendAttempts: []), .testNotificationStatus(sendAttempts: [.noResponse, .success]), .testNotificationNotFound,
        .extendRenewalDate(tx, days: 7, reasonCode: 3), .renewalDateExtended(tx, effectiveDate: 1_770_422_400_000),
        .renewalDateNotExtended(tx, .twiceWithinAYear), .renewalDateNotExtended(tx, .freeOfferPeriod),
        .notificationPosted(type: "ONE_TIME_CHARGE", tx, attempt: 1, url: url, result: .success, status: 200),
        .notificationPosted(type: "ONE_TIME_CHARGE", tx, attempt: 2, url: url, result: .unsuccessfulHTTPResponseCode, status: 500),
        .notificationPosted(type: "TEST", nil, attempt: 1, url: url, result: .timedOut, status: nil),
        .notificationPosted(type: "TEST", nil, attempt: 1, url: url, result: .socketIssue, status: nil),
    ]

    /// A team's notifications URL.
    static let url = "https://backend.example/notifications"

    /// One sample of every step the app takes on its own, at least.
    static let appSteps: [AppStep] = [
        .couldNotKeepReceipt(problem: "/tmp/world/pending-orders: No space left on device"), .savedPendingOrder(tx), .couldNotSavePendingOrder(problem: "/tmp/world/pending-orders: No space left on device"),
        .setAsidePendingOrder(tx, .rejected(.malformed)), .setAsidePendingOrder(tx, .refused(.otherAccount)),
        .setAsidePendingOrder(tx, .unverified(.verificationFailure, reason: .signature(.badSignature))),
        .couldNotSetAsidePendingOrder(problem: "/tmp/world/pending-orders: No space left on device"), .removedPendingOrder(tx),
        .couldNotRemovePendingOrder(problem: "/tmp/world/pending-orders: No space left on device"), .subscriptionStatusUnread(reason: .unreachable),
        .offerNotSignedByServer(offerId: "spring"), .buyRefused(.alreadyInProgress(pro)), .buyRefused(.paymentsNotAllowed),
        .buyRefused(.unknownProduct("com.example.gone")), .buyRefused(.productsUnavailable(.unreachable)),
        .verifiedOnDevice(tx), .unverifiedOnDevice(tx, reason: .signature(.badSignature)), .revoked(tx, productId: pro),
        .stoppedBeforeFinishing(productId: pro),
    ]

    /// One sample of every step the Server takes on its own, at least.
    static let serverSteps: [ServerStep] = [
        .verifiedOffline(transactionId: "\(tx)"), .askOtherEndpoint(.sandboxReceiptInProduction, .sandbox),
        .answered(VerificationAnswer(transactionId: tx, outcome: .alreadyCredited, productId: pro)),
        .credited(tx, grant: .amounts([GrantAmount(currency: "coins", amount: 100), GrantAmount(currency: "gems", amount: 5)])),
        .creditedFromReceipt(tx, grant: .owns(productId: pro, untilMillis: nil)), .credited(tx, grant: .written("+100 coins")),
        .creditedFromHistory(tx, grant: .owns(productId: "com.storesim.premium.monthly", untilMillis: 1_769_904_000_000)),
        .creditedFromNotification(tx, .didRenew, grant: .owns(productId: "com.storesim.premium.monthly", untilMillis: 1_769_904_000_000)),
        .notificationNotVerified(uuid: "5d9a", reason: .notThisNotification), .refundTakesBack(tx, ["coins": 100, "gems": 5]),
        .reversalGrantsAgain(tx, ["coins": 100]),
        .outsideServer(tx, url: "http://127.0.0.1:9000", .credited),
        .outsideServer(tx, url: "http://127.0.0.1:9000", .alreadyCredited),
        .outsideServer(tx, url: "http://127.0.0.1:9000", .rejected(reason: "not ours")),
        .outsideServer(tx, url: "http://127.0.0.1:9000", .noAnswer("HTTP 500")),
        .outsideServer(nil, url: "http://127.0.0.1:9000", .notInProtocol("no call checks the current receipt: nothing revoked")),
    ]

    static let monthly = "com.storesim.premium.monthly"
    static let yearly = "com.storesim.premium.yearly"
    static let date = "2026-02-01 00:00:00"

    /// One sample of every step the Store takes on its own, at least.
    static let storeSteps: [StoreStep] = [
        .offerCodeInvalid(code: "WINTER"), .offerCodeRedeemedAlready(code: "SPRING", oneTime: true, earlier: "\(tx)"),
        .offerCodeRedeemedAlready(code: "SPRING", oneTime: false, earlier: "\(tx)"), .offerCodeNotRedeemed(code: "SPRING", .paymentNotAllowed),
        .offerCodeInBillingRetry(code: "SPRING", productId: monthly), .inBillingRetry(productId: monthly),
        .offerCharged(offer: AppliedOffer(type: .introductory, id: nil), productId: monthly, price: "$0.99"),
        .offerCharged(offer: AppliedOffer(type: .code, id: "SPRING"), productId: monthly, price: "$0.99"),
        .offerRenews(offer: AppliedOffer(type: .promotional, id: "winter", period: 2), productId: monthly, price: "$1.99"),
        .offerAtRenewal(offer: AppliedOffer(type: .winBack, id: "comeback")), .chargedIncreasedPrice(productId: monthly, tx, price: "$5.99"),
        .sandboxRenewalLimit(productId: monthly, renewals: 12), .billingRecovered(productId: monthly),
        .billingRetry(productId: monthly, graceUntil: date), .billingRetry(productId: monthly, graceUntil: nil),
        .billingExpired(productId: monthly, days: 60), .priceIncreaseAsked(productId: monthly, price: "$5.99", account: "demo", renewal: date),
        .expiredAfterPriceIncrease(productId: monthly, declined: true), .expiredAfterPriceIncrease(productId: monthly, declined: false),
        .expiredNowAutoRenewOff(productId: monthly), .expiredNowSandboxCap(productId: monthly, limit: 12), .alreadyPurchased(productId: pro, tx),
        .alreadySubscribed(productId: monthly, until: date), .waitingChangeCancelled(productId: yearly), .autoRenewOnAgain,
        .planChangedNow(.upgrade, productId: yearly, replaced: monthly, refund: "$2.50", tx),
        .planChangedNow(.crossgrade, productId: yearly, replaced: monthly, refund: "$2.50", tx),
        .planChangesAtRenewal(.downgrade, productId: yearly, renewsAs: monthly, on: date),
        .planChangesAtRenewal(.crossgrade, productId: yearly, renewsAs: monthly, on: date),
        .renewsAsAtNextRenewal(productId: yearly, until: date, renewsAs: monthly), .familyShared(account: "kid", productId: pro, tx),
        .boughtWhileShared(account: "kid", productId: pro, shared: tx), .familyRevoked(account: "kid", productId: pro, tx),
        .refundedRest(tx, rest: "$7.49", prorated: "$2.50"),
        .serverAPI(method: "GET", path: "/inApps/v1/transactions/1000000000000001", status: 200, refusal: nil),
        .serverAPI(method: "GET", path: "/inApps/v1/transactions/1", status: 401, refusal: "the token has expired"),
    ]

    /// One sample of every action of the user, the script or the operator, at least.
    static let userActions: [UserAction] = [
        .storeSwitch("ask-to-buy", value: "on"), .storeSwitch("grace-period", value: "16d"), .storeFails(.paymentInvalid),
        .sells(productId: pro, on: true), .sells(productId: pro, on: false), .deleteTransaction(tx), .parentApproves(productId: pro),
        .parentDeclines(productId: pro), .resolve(productId: pro), .refundLatest(productId: pro, nil), .refundLatest(productId: pro, .appIssue),
        .refundTransaction(tx, .other), .reverseRefundLatest(productId: pro), .reverseRefundTransaction(tx),
        .requestRefundLatest(productId: pro), .requestRefundTransaction(tx), .declineRefundLatest(productId: pro), .declineRefundTransaction(tx), .familyJoins(account: "kid", family: "demo"), .familyLeaves(account: "kid"),
        .autoRenew(productId: monthly, on: false), .renewNow(productId: monthly), .expireNow(productId: monthly),
        .billing(productId: monthly, fails: true), .billing(productId: monthly, fails: false), .raisePrice(productId: monthly, price: "$5.99"),
        .consent(productId: monthly, agrees: true), .consent(productId: monthly, agrees: false), .pastPurchasesRecorded(1000, productId: pro),
        .pendingPurchasesRecorded(10, productId: pro), .catalogSettings(["store ask-to-buy on"]), .network(online: false), .server("drop-response"),
        .strategy(.finishFirst), .api(.storekit2), .serverNotifications(on: true), .notificationsURL(url: url),
        .notificationsURL(url: nil), .clockAdvanced(to: date), .fetchHistory,
        .requestTestNotification, .askTestNotificationStatus, .extendRenewalDate(productId: monthly, days: 7),
        .serverDisk(full: true), .serverDisk(full: false), .sharedSecret(right: false), .verifyMethod(post: false), .verifyFirst(.sandbox),
        .forgeTamper(tx), .forgeReplay(tx), .forgeJWS(tx), .forgeCachedReceipt(tx), .forgeCachedProduct(tx, productId: pro),
        .launch(.verifyThenFinish, .storekit1), .launch(.queueOnly, .storekit2), .quit, .reinstall, .signedIn(account: "kid"),
        .deviceDisk(full: true), .tapBuy(productId: pro, .confirm), .tapBuy(productId: pro, .ask), .tapOffer(offerId: "winter", productId: monthly),
        .redeemOfferCode("SPRING"), .tapRestore, .armCrash(.cached, powerCut: false), .armCrash(.finished, powerCut: true),
        .armCrash(nil, powerCut: false), .serverURL("http://127.0.0.1:9000"), .serverURL(nil),
    ]
}
