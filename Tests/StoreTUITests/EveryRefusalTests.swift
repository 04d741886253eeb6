import Foundation
import IAPCore
import StoreEngine
import Testing
@testable import StoreTUI
import WorldCore

/// Every refusal of the world and the Store is worded in English, byte for byte as the command
/// line and the transcripts have always written it, and in Simplified Chinese by a switch over
/// its cases: one sample of each, rendered in both languages.
@Suite struct EveryRefusalTests {
    static let tx: TransactionID = 1_000_000_000_000_001
    static let pro = "com.storesim.pro"
    static let monthly = "com.storesim.premium.monthly"

    /// One sample of every case, at least, with the English the world writes for it.
    static let samples: [(WorldRefusal, String)] = [
        (.appRunningAlready, "the app is already running"),
        (.needsRunningApp(command: "buy", .notLaunched), "'buy' needs the running app, and the app is not launched; use 'launch' first"),
        (.needsRunningApp(command: "restore", .quit), "'restore' needs the running app, and the app is closed; use 'launch' first"),
        (.needsRunningApp(command: "redeem", .crashed("purchased")),
         "'redeem' needs the running app, and the app is crashed (purchased); use 'launch' first"),
        (.forgeryNeedsRunningApp, "a forgery needs the running app; use 'launch' first"),
        (.clockAtItsEnd(nowMillis: 1_767_225_600_042), "the simulated clock stops at 9999-01-01 00:00:00; it is 2026-01-01 00:00:00 now"),
        (.serverDownForHistory, "the Server is down: it cannot ask for the history"),
        (.serverDownForVoided, "the Server is down: it cannot call the Voided Purchases API"),
        (.serverDownForTest, "the Server is down: it cannot call Request a Test Notification or Get Test Notification Status"),
        (.notificationsOffForTest, "server notifications are off: the Store has no URL to send a TEST notification to "
            + "(Apple answers ServerNotificationURLNotFoundError); use 'server notifications on' first"),
        (.noTestNotificationToken,
         "the Server has no testNotificationToken: it requested no test notification; use 'server test-notification' first"),
        (.serverDownForExtend, "the Server is down: it cannot call Extend a Subscription Renewal Date"),
        (.nothingToExtend(productId: "com.storesim.premium.monthly"), "the Server credited this account no subscription to "
            + "com.storesim.premium.monthly: it has no original transaction id to extend"),
        (.pastPurchasesWhileBusy, "past purchases are recorded while the app is closed and nothing is in flight"),
        (.pendingPurchasesWhileBusy, "pending purchases are recorded while the app is closed and nothing is in flight"),
        (.noReceipt(tx), "the Store has no receipt for transaction 1000000000000001"),
        (.noSignedTransaction(tx), "the Store has no signed transaction for transaction 1000000000000001 (it signs them under api storekit2)"),
        (.noPriceToForge(tx), "the signed transaction of transaction 1000000000000001 names no price to change"),
        (.tooManyDigitsToReplay(tx), "transaction 1000000000000001 has too many digits to claim a new id by a 9 before them"),
        (.noPendingOrder(tx), "the app's cache has no pending order for transaction 1000000000000001"),
        (.deviceDiskFull, "the device's disk is full: the cache cannot be edited"),
        (.noPendingPurchase(productId: pro), "no pending Google Play purchase of com.storesim.pro is waiting"),
        (.appInBackground(command: "buy"), "'buy' needs the app in the foreground, and it is in the background; use 'resume' first"),
        (.appInForeground, "the app is already in the foreground"),
        (.store(.lapsed(productId: monthly, expiry: SimulatedTime.date(millis: 1_767_830_400_000))),
         "com.storesim.premium.monthly expired on 2026-01-08 00:00:00 and no longer renews: buy it again to subscribe again"),
        (.store(.noTransaction(tx)), "the Store has no transaction 1000000000000001"),
        (.store(.noPaidTransaction(account: "demo", tx)), "demo has no paid transaction 1000000000000001"),
        (.store(.noPaidPurchase(account: "demo", productId: pro)), "demo has no paid transaction of com.storesim.pro"),
        (.store(.refundedAlready(tx)), "transaction 1000000000000001 is refunded already"),
        (.store(.refundRequestedAlready(tx)), "a refund of transaction 1000000000000001 was requested already and waits for the Store's decision"),
        (.store(.noRefundRequest(tx)), "no refund request of transaction 1000000000000001 waits for the Store's decision"),
        (.store(.notRefunded(tx)), "transaction 1000000000000001 is not refunded: there is no refund to reverse"),
        (.store(.noRefundedPurchase(account: "demo", productId: pro)), "demo has no refunded transaction of com.storesim.pro"),
        (.store(.nothingLeftToRefund(tx, prorated: "US$2.99")),
         "transaction 1000000000000001 has nothing left to refund: its prorated refund of US$2.99 paid back all it charged"),
        (.store(.noInterruptedPurchase(productId: pro)), "no interrupted purchase of com.storesim.pro is waiting to be resolved"),
        (.store(.noAskToBuyRequest(productId: pro)), "no Ask to Buy request for com.storesim.pro is waiting"),
        (.store(.notAConsumable(productId: pro)), "com.storesim.pro is not a consumable in the catalog"),
        (.store(.noSubscriptionToRenew(account: "demo", productId: monthly)),
         "demo has no current period of com.storesim.premium.monthly to renew: it has no paid subscription of it"),
        (.store(.latestPeriodRefunded(account: "demo", productId: monthly)),
         "demo has no current period of com.storesim.premium.monthly to renew: its latest period was refunded"),
        (.store(.periodExpired(account: "demo", productId: monthly, expiry: SimulatedTime.date(millis: 1_798_761_600_000))),
         "demo has no current period of com.storesim.premium.monthly to renew: it expired on 2027-01-01 00:00:00"),
        (.store(.renewalsInBillingRetry(productId: monthly)),
         "com.storesim.premium.monthly cannot renew now: its renewals cannot be charged (billing retry) until billing works again"),
        (.store(.priceNotAbove(productId: monthly, current: "US$2.99")),
         "a price increase of com.storesim.premium.monthly must be above its price now, US$2.99"),
        (.store(.noConsentWaiting(productId: monthly, account: "demo")), "no price increase of com.storesim.premium.monthly waits for demo's consent"),
        (.store(.joinsOwnFamily(account: "demo")), "demo is the account signed in: an account cannot join its own family"),
        (.store(.unknownAccount("alice")), "no App Store account alice: sign in to it once (account alice) before it joins a family"),
        (.store(.inFamilyAlready(account: "alice", family: "demo")), "alice is in demo's family already"),
        (.store(.inAnotherFamily(account: "alice")), "alice is in another family; it must leave it first"),
        (.store(.familyFull(family: "demo", members: 6)), "demo's family has 6 members, the most Family Sharing allows"),
        (.store(.notInFamily(account: "alice")), "alice is not in a family"),
        (.play(.nothingToRefund(productId: "com.storesim.coins.100")), "Google Play: no paid, unrefunded purchase of com.storesim.coins.100 to refund"),
    ]

    @Test func everyCaseHasASample() {
        let cases = Set(Self.samples.map { Self.place($0.0) })
        #expect(cases == Set(0..<Self.caseCount), "cases without a sample: \(Set(0..<Self.caseCount).subtracting(cases).sorted())")
    }

    @Test(arguments: EveryRefusalTests.samples)
    func everyCaseIsWordedInEnglishAsTheWorldWritesIt(_ refusal: WorldRefusal, english: String) {
        #expect(refusal.english == english)
        #expect(Language.english.words(refusal) == english)
        #expect(WorldActionError.refused(refusal).description == english)
        if case .store(let refusal) = refusal {
            #expect(StoreError.refused(refusal).description == english && StoreError.refused(refusal).problem == english)
        }
    }

    @Test(arguments: EveryRefusalTests.samples)
    func everyCaseIsWordedInChinese(_ refusal: WorldRefusal, english: String) {
        let chinese = Language.simplifiedChinese.words(refusal)
        #expect(chinese.unicodeScalars.contains(where: LanguageTableTests.isChinese) && chinese != english, "\(chinese)")
    }

    @Test func eachCaseHasChineseWordsOfItsOwn() {
        let words = Set(Self.samples.map { Language.simplifiedChinese.words($0.0) })
        #expect(words.count == Self.samples.count)
    }

    /// Scenario words in quotes, ids, accounts, dates and prices stay as they are in Chinese.
    @Test func theChineseKeepsWhatTheRefusalNames() {
        let kept = [
            (WorldRefusal.needsRunningApp(command: "buy", .crashed("purchased")), ["'buy'", "purchased", "'launch'"]),
            (.clockAtItsEnd(nowMillis: 1_767_225_600_042), ["9999-01-01 00:00:00", "2026-01-01 00:00:00"]),
            (.store(.nothingLeftToRefund(Self.tx, prorated: "US$2.99")), ["1000000000000001", "US$2.99"]),
            (.store(.periodExpired(account: "demo", productId: Self.monthly, expiry: SimulatedTime.date(millis: 1_798_761_600_000))),
             ["demo", Self.monthly, "2027-01-01 00:00:00"]),
            (.store(.inFamilyAlready(account: "alice", family: "demo")), ["alice", "demo"]),
            (.notificationsOffForTest, ["TEST", "ServerNotificationURLNotFoundError", "'server notifications on'"]),
            (.noTestNotificationToken, ["testNotificationToken", "'server test-notification'"]),
        ]
        for (refusal, words) in kept {
            let chinese = Language.simplifiedChinese.words(refusal)
            #expect(words.allSatisfy(chinese.contains), "\(chinese)")
        }
    }

    /// The place of a sample's case: a case added to `WorldRefusal` or `StoreRefusal` fails to
    /// compile here until it is placed, and `everyCaseHasASample` until it has a sample.
    static func place(_ refusal: WorldRefusal) -> Int {
        switch refusal {
        case .appRunningAlready: 0
        case .needsRunningApp: 1
        case .forgeryNeedsRunningApp: 2
        case .clockAtItsEnd: 3
        case .serverDownForHistory: 4
        case .serverDownForVoided: 47
        case .pastPurchasesWhileBusy: 5
        case .pendingPurchasesWhileBusy: 6
        case .noReceipt: 7
        case .noSignedTransaction: 8
        case .noPriceToForge: 9
        case .tooManyDigitsToReplay: 10
        case .noPendingOrder: 11
        case .deviceDiskFull: 12
        case .serverDownForTest: 34
        case .notificationsOffForTest: 35
        case .noTestNotificationToken: 36
        case .serverDownForExtend: 41
        case .nothingToExtend: 42
        case .noPendingPurchase: 43
        case .appInBackground: 44
        case .appInForeground: 45
        case .play: 46
        case .store(let refusal):
            switch refusal {
            case .lapsed: 13
            case .noTransaction: 14
            case .noPaidTransaction: 15
            case .noPaidPurchase: 16
            case .refundedAlready: 17
            case .refundRequestedAlready: 39
            case .noRefundRequest: 40
            case .notRefunded: 37
            case .noRefundedPurchase: 38
            case .nothingLeftToRefund: 18
            case .noInterruptedPurchase: 19
            case .noAskToBuyRequest: 20
            case .notAConsumable: 21
            case .noSubscriptionToRenew: 22
            case .latestPeriodRefunded: 23
            case .periodExpired: 24
            case .renewalsInBillingRetry: 25
            case .priceNotAbove: 26
            case .noConsentWaiting: 27
            case .joinsOwnFamily: 28
            case .unknownAccount: 29
            case .inFamilyAlready: 30
            case .inAnotherFamily: 31
            case .familyFull: 32
            case .notInFamily: 33
            }
        }
    }

    /// How many cases `place` tells apart.
    static let caseCount = 48
}
