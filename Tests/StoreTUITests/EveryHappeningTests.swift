import IAPCore
import Simulator
import Testing
@testable import StoreTUI

/// Every case of an event is worded in English and in Simplified Chinese: one sample of each,
/// rendered in both languages, each Chinese wording as the sentence tables tell the English one.
@Suite struct EveryHappeningTests {
    static let tx: TransactionID = 1_000_000_000_000_001
    static let pro = "com.storesim.pro"

    /// One sample of every kind of message, at least.
    static let messages: [MessageSaid] = [
        .requestProducts(identifiers: 4), .products(valid: 3, invalid: []), .products(valid: 2, invalid: ["com.example.gone"]),
        .productRequestFailed(reason: PurchaseError.networkError.explanation),
        .addPayment(PaymentMention(PaymentRequest(productId: pro, answer: .confirm))),
        .addPayment(PaymentMention(PaymentRequest(productId: pro, answer: .ask))),
        .addPayment(PaymentMention(PaymentRequest(productId: pro, answer: .ask, offer: OfferRedemption(offerId: "spring", signature: nil)))),
        .finishTransaction(tx), .addTransactionObserver, .restoreCompletedTransactions, .refreshReceipt, .receiptRefreshed,
        .transactionUpdated(TransactionMention(state: .failed, productId: pro, id: tx, error: .paymentCancelled)),
        .transactionUpdated(TransactionMention(state: .deferred, productId: pro, id: tx)),
        .transactionsUpdated(count: 5, shown: [TransactionMention(state: .purchased, productId: pro, id: tx),
                                               TransactionMention(state: .restored, productId: pro, id: 1_000_000_000_000_002),
                                               TransactionMention(state: .purchasing, productId: pro, id: 1_000_000_000_000_003)]),
        .restoreFinished(restored: 2), .restoreFailed(reason: PurchaseError.networkError.explanation),
        .verifyPurchase(.transaction(tx), productId: pro, signed: false), .checkRenewal(.transaction(tx), productId: pro, signed: true),
        .checkCurrentReceipt, .verifyPendingOrders(3), .checkNotified(.transaction(tx), productId: pro, signed: true),
        .verificationAnswered(VerificationAnswer(transactionId: tx, outcome: .credited, productId: pro, grant: "+100 coins")),
        .verificationAnswered(VerificationAnswer(transactionId: nil, outcome: .rejected(.malformed), productId: nil, grant: "")),
        .verificationAnswered(VerificationAnswer(transactionId: tx, outcome: .refused(.otherAccount), productId: nil, grant: "")),
        .verificationAnswered(VerificationAnswer(transactionId: nil, outcome: .receiptChecked(revoked: 1, credited: 2), productId: nil,
                                                 grant: "")),
        .recoveryAnswered(orders: 4, counts: [2, 1, 0, 0, 1, 0]), .verificationFailed(.transaction(tx), reason: "the Server is down"),
        .verificationFailed(.currentReceipt, reason: "the Server is down"),
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
        .subscriptionStatusFailed(reason: PurchaseError.networkError.explanation),
        .getTransactionInfo(.transaction(tx)), .transactionInfoNotFound(.transaction(tx)), .transactionInfo(.transaction(tx)),
        .notification(type: "DID_RENEW", tx, attempt: 1), .notification(type: "SUBSCRIBED.RESUBSCRIBE", tx, attempt: 3),
        .notificationAcknowledged(type: "REFUND", tx), .getNotificationHistory, .getTransactionHistory(tx),
        .transactionHistory(signedTransactions: 2), .notificationHistory(notifications: 0), .signOffer(offerId: "spring", productId: pro),
        .offerNotSigned(offerId: "spring", productId: pro), .offerSigned(offerId: "spring", productId: pro), .redeemOfferCode("SPRING"),
    ]

    /// One sample of every step the app takes on its own, at least.
    static let appSteps: [AppStep] = [
        .couldNotKeepReceipt(problem: "/tmp/world/pending-orders: No space left on device"), .savedPendingOrder(tx), .couldNotSavePendingOrder(problem: "/tmp/world/pending-orders: No space left on device"),
        .setAsidePendingOrder(tx, .rejected(.malformed)), .setAsidePendingOrder(tx, .refused(.otherAccount)),
        .setAsidePendingOrder(tx, .unverified(.verificationFailure, reason: "the signature does not match")),
        .couldNotSetAsidePendingOrder(problem: "/tmp/world/pending-orders: No space left on device"), .removedPendingOrder(tx),
        .couldNotRemovePendingOrder(problem: "/tmp/world/pending-orders: No space left on device"), .subscriptionStatusUnread(reason: PurchaseError.networkError.explanation),
        .offerNotSignedByServer(offerId: "spring"), .buyRefused(reason: "a purchase of \(pro) is already in progress; the tap is ignored"),
        .verifiedOnDevice(tx), .unverifiedOnDevice(tx, reason: "the signature does not match"), .revoked(tx, productId: pro),
        .stoppedBeforeFinishing(productId: pro),
    ]

    /// One sample of every step the Server takes on its own, at least.
    static let serverSteps: [ServerStep] = [
        .verifiedOffline(transactionId: "\(tx)"), .askOtherEndpoint(.sandboxReceiptInProduction, .sandbox),
        .answered(VerificationAnswer(transactionId: tx, outcome: .alreadyCredited, productId: pro, grant: "")),
        .credited(tx, grant: "+100 coins"), .creditedFromReceipt(tx, grant: "owns \(pro)"),
        .creditedFromHistory(tx, grant: "owns com.storesim.premium.monthly until 2026-02-01 00:00:00"),
        .creditedFromNotification(tx, .didRenew, grant: "owns com.storesim.premium.monthly until 2026-02-01 00:00:00"),
        .notificationNotVerified(uuid: "5d9a", reason: "the payload is not this notification"), .refundTakesBack(tx, ["coins": 100, "gems": 5]),
    ]

    static let monthly = "com.storesim.premium.monthly"
    static let yearly = "com.storesim.premium.yearly"
    static let date = "2026-02-01 00:00:00"

    /// One sample of every step the Store takes on its own, at least.
    static let storeSteps: [StoreStep] = [
        .offerCodeInvalid(code: "WINTER"), .offerCodeRedeemedAlready(code: "SPRING", oneTime: true, earlier: "\(tx)"),
        .offerCodeRedeemedAlready(code: "SPRING", oneTime: false, earlier: "\(tx)"), .offerCodeNotRedeemed(code: "SPRING", .paymentNotAllowed),
        .offerCodeInBillingRetry(code: "SPRING", productId: monthly), .inBillingRetry(productId: monthly),
        .offerCharged(offer: "introductory offer", productId: monthly, price: "$0.99"),
        .offerRenews(offer: "promotional offer winter (period 2)", productId: monthly, price: "$1.99"),
        .offerAtRenewal(offer: "win-back offer comeback"), .chargedIncreasedPrice(productId: monthly, tx, price: "$5.99"),
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
    ]

    /// One sample of every action of the user, the script or the operator, at least.
    static let userActions: [UserAction] = [
        .storeSwitch("ask-to-buy", value: "on"), .storeSwitch("grace-period", value: "16d"), .storeFails(.paymentInvalid),
        .sells(productId: pro, on: true), .sells(productId: pro, on: false), .deleteTransaction(tx), .parentApproves(productId: pro),
        .parentDeclines(productId: pro), .resolve(productId: pro), .refundLatest(productId: pro, nil), .refundLatest(productId: pro, .appIssue),
        .refundTransaction(tx, .other), .familyJoins(account: "kid", family: "demo"), .familyLeaves(account: "kid"),
        .autoRenew(productId: monthly, on: false), .renewNow(productId: monthly), .expireNow(productId: monthly),
        .billing(productId: monthly, fails: true), .billing(productId: monthly, fails: false), .raisePrice(productId: monthly, price: "$5.99"),
        .consent(productId: monthly, agrees: true), .consent(productId: monthly, agrees: false), .pastPurchasesRecorded(1000, productId: pro),
        .pendingPurchasesRecorded(10, productId: pro), .catalogSettings(["store ask-to-buy on"]), .network(online: false), .server("drop-response"),
        .strategy(.finishFirst), .api(.storekit2), .serverNotifications(on: true), .clockAdvanced(to: date), .fetchHistory,
        .serverDisk(full: true), .serverDisk(full: false), .sharedSecret(right: false), .verifyMethod(post: false), .verifyFirst(.sandbox),
        .forgeTamper(tx), .forgeReplay(tx), .forgeJWS(tx), .forgeCachedReceipt(tx), .forgeCachedProduct(tx, productId: pro),
        .launch(.verifyThenFinish, .storekit1), .launch(.queueOnly, .storekit2), .quit, .reinstall, .signedIn(account: "kid"),
        .deviceDisk(full: true), .tapBuy(productId: pro, .confirm), .tapBuy(productId: pro, .ask), .tapOffer(offerId: "winter", productId: monthly),
        .redeemOfferCode("SPRING"), .tapRestore, .armCrash(.cached, powerCut: false), .armCrash(.finished, powerCut: true),
        .armCrash(nil, powerCut: false),
    ]

    /// One sample of every case of an event, at least.
    static let happenings: [Happening] = {
        let others: [Happening] = [
            .legacy("clock advanced to 2026-01-02 00:00:00"), .notDelivered(.finishTransaction(tx), reason: "the app is not running"),
            .crash(.verified, powerCut: false), .crash(nil, powerCut: true), .app(.powerCut(lostBytes: 0)), .app(.powerCut(lostBytes: 120)),
        ]
        let parties: [[Happening]] = [messages.map(Happening.message), appSteps.map(Happening.app), serverSteps.map(Happening.server),
                                      storeSteps.map(Happening.store), userActions.map(Happening.user)]
        return others + parties.joined()
    }()

    @Test func everyCaseHasASample() {
        let cases = Set(Self.happenings.map(Self.place))
        #expect(cases == Set(0..<Self.caseCount), "cases without a sample: \(Set(0..<Self.caseCount).subtracting(cases).sorted())")
    }

    @Test(arguments: EveryHappeningTests.happenings)
    func everyCaseIsWordedInBothLanguages(_ happening: Happening) {
        let english = Language.english.words(happening)
        let chinese = Language.simplifiedChinese.words(happening)
        #expect(english == happening.english && !english.isEmpty)
        #expect(!chinese.isEmpty)
        #expect(chinese == Language.simplifiedChinese.core(english), "\(english)")
    }

    /// How many cases `place` tells apart.
    static let caseCount = 158

    /// The place of a sample's case: a case added to `Happening` or `MessageSaid` fails to
    /// compile here until it is placed, and `everyCaseHasASample` until it has a sample.
    static func place(_ happening: Happening) -> Int {
        switch happening {
        case .legacy: 0
        case .notDelivered: 1
        case .crash: 111
        case .user(let action):
            switch action {
            case .storeSwitch: 112
            case .storeFails: 113
            case .sells: 114
            case .deleteTransaction: 115
            case .parentApproves: 116
            case .parentDeclines: 117
            case .resolve: 118
            case .refundLatest: 119
            case .refundTransaction: 120
            case .familyJoins: 121
            case .familyLeaves: 122
            case .autoRenew: 123
            case .renewNow: 124
            case .expireNow: 125
            case .billing: 126
            case .raisePrice: 127
            case .consent: 128
            case .pastPurchasesRecorded: 129
            case .pendingPurchasesRecorded: 130
            case .catalogSettings: 131
            case .network: 132
            case .server: 133
            case .strategy: 134
            case .api: 135
            case .serverNotifications: 136
            case .clockAdvanced: 137
            case .fetchHistory: 138
            case .serverDisk: 139
            case .sharedSecret: 140
            case .verifyMethod: 141
            case .verifyFirst: 142
            case .forgeTamper: 143
            case .forgeReplay: 144
            case .forgeJWS: 145
            case .forgeCachedReceipt: 146
            case .forgeCachedProduct: 147
            case .launch: 148
            case .quit: 149
            case .reinstall: 150
            case .signedIn: 151
            case .deviceDisk: 152
            case .tapBuy: 153
            case .tapOffer: 154
            case .redeemOfferCode: 155
            case .tapRestore: 156
            case .armCrash: 157
            }
        case .store(let step):
            switch step {
            case .offerCodeInvalid: 82
            case .offerCodeRedeemedAlready: 83
            case .offerCodeNotRedeemed: 84
            case .offerCodeInBillingRetry: 85
            case .inBillingRetry: 86
            case .offerCharged: 87
            case .offerRenews: 88
            case .offerAtRenewal: 89
            case .chargedIncreasedPrice: 90
            case .sandboxRenewalLimit: 91
            case .billingRecovered: 92
            case .billingRetry: 93
            case .billingExpired: 94
            case .priceIncreaseAsked: 95
            case .expiredAfterPriceIncrease: 96
            case .expiredNowAutoRenewOff: 97
            case .expiredNowSandboxCap: 98
            case .alreadyPurchased: 99
            case .alreadySubscribed: 100
            case .waitingChangeCancelled: 101
            case .autoRenewOnAgain: 102
            case .planChangedNow: 103
            case .planChangesAtRenewal: 104
            case .renewsAsAtNextRenewal: 105
            case .familyShared: 106
            case .boughtWhileShared: 107
            case .familyRevoked: 108
            case .refundedRest: 109
            }
        case .server(let step):
            switch step {
            case .verifiedOffline: 73
            case .askOtherEndpoint: 74
            case .answered: 75
            case .credited: 76
            case .creditedFromReceipt: 77
            case .creditedFromHistory: 78
            case .creditedFromNotification: 79
            case .notificationNotVerified: 80
            case .refundTakesBack: 81
            }
        case .app(let step):
            switch step {
            case .couldNotKeepReceipt: 59
            case .savedPendingOrder: 60
            case .couldNotSavePendingOrder: 61
            case .setAsidePendingOrder: 62
            case .couldNotSetAsidePendingOrder: 63
            case .removedPendingOrder: 64
            case .couldNotRemovePendingOrder: 65
            case .subscriptionStatusUnread: 66
            case .offerNotSignedByServer: 67
            case .buyRefused: 68
            case .verifiedOnDevice: 69
            case .unverifiedOnDevice: 70
            case .revoked: 71
            case .stoppedBeforeFinishing: 72
            case .powerCut: 110
            }
        case .message(let said):
            switch said {
            case .requestProducts: 2
            case .products: 3
            case .productRequestFailed: 4
            case .addPayment: 5
            case .finishTransaction: 6
            case .addTransactionObserver: 7
            case .restoreCompletedTransactions: 8
            case .refreshReceipt: 9
            case .receiptRefreshed: 10
            case .transactionUpdated: 11
            case .transactionsUpdated: 12
            case .restoreFinished: 13
            case .restoreFailed: 14
            case .verifyPurchase: 15
            case .checkRenewal: 16
            case .checkCurrentReceipt: 17
            case .verifyPendingOrders: 18
            case .checkNotified: 19
            case .verificationAnswered: 20
            case .recoveryAnswered: 21
            case .verificationFailed: 22
            case .verifyCurrentReceipt: 23
            case .verifyAppReceipt: 24
            case .verifyReceipt: 25
            case .appReceiptValid: 26
            case .appReceiptInvalid: 27
            case .currentReceiptValid: 28
            case .currentReceiptInvalid: 29
            case .receiptValid: 30
            case .receiptInvalid: 31
            case .purchase: 32
            case .purchaseSucceeded: 33
            case .purchaseCancelled: 34
            case .purchasePending: 35
            case .purchaseThrew: 36
            case .listenForTransactions: 37
            case .transactionUpdate: 38
            case .finish: 39
            case .sync: 40
            case .currentEntitlementsRequest: 41
            case .currentEntitlements: 42
            case .subscriptionStatusRequest: 43
            case .subscriptionStatuses: 44
            case .subscriptionStatusFailed: 45
            case .getTransactionInfo: 46
            case .transactionInfoNotFound: 47
            case .transactionInfo: 48
            case .notification: 49
            case .notificationAcknowledged: 50
            case .getNotificationHistory: 51
            case .getTransactionHistory: 52
            case .transactionHistory: 53
            case .notificationHistory: 54
            case .signOffer: 55
            case .offerNotSigned: 56
            case .offerSigned: 57
            case .redeemOfferCode: 58
            }
        }
    }
}
