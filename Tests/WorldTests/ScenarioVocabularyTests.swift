import Foundation
import IAPCore
@testable import ScenarioLanguage
import Testing
@testable import WorldCore

/// The one declaration of each command: what the parser reads, the printer writes, the world's
/// timing rule, chaos and help all come from it.
@Suite struct ScenarioVocabularyTests {
    let catalog = BuiltInCatalog.catalog()

    /// One command of every kind the language has.
    static let oneOfEach: [ScenarioCommand] = [
        .launch, .quit, .buy(productId: "com.storesim.coins.100", answer: .confirm), .buy(productId: "com.storesim.pro", answer: .ask),
        .buyOffer(productId: "com.storesim.premium.monthly", offerId: "comeback"), .redeem(code: "SPRING"),
        .approve(productId: "com.storesim.pro"), .decline(productId: "com.storesim.pro"), .restore, .background, .resume, .crash,
        .crashAt(.serverCommitted), .disarm, .deliver(3), .wait, .powerCut, .powerCutAt(.cached), .account("family"), .familyAdd("kid"), .familyLeave("kid"), .reinstall,
        .network(online: false), .server(.dropResponse), .serverURL("http://127.0.0.1:8080"), .store(.askToBuy, on: true), .store(.fail, on: false),
        .storeFail(.networkError), .storeSell(productId: "com.storesim.pro", on: false),
        .storeDelete(transactionId: 1000000000000004), .resolve(productId: "com.storesim.coins.100"),
        .refund(.product("com.storesim.pro"), reason: nil), .refund(.transaction(1000000000000002), reason: .appIssue),
        .reverseRefund(.product("com.storesim.pro")), .reverseRefund(.transaction(1000000000000002)),
        .requestRefund(.product("com.storesim.pro")), .declineRefund(.transaction(1000000000000002)), .advance(seconds: 90),
        .subscriptionRenew(productId: "com.storesim.premium.monthly", on: false),
        .subscriptionRenewNow(productId: "com.storesim.premium.yearly"), .subscriptionExpire(productId: "com.storesim.premium.yearly"),
        .strategy(.queueOnly), .api(.storekit2), .expect(.credited(productId: "com.storesim.coins.100", count: 2)),
        .expect(.balance(currency: "coins", amount: 200)), .expect(.owned(productId: "com.storesim.pro", owned: true)),
        .expect(.shared(productId: "com.storesim.premium.monthly", shared: false)),
        .expect(.onReceipt(productId: "com.storesim.coins.100", count: 1)),
        .storeSet(.environment, .named("sandbox")), .storeSet(.verifyReceipt, .named("temporary-issue")),
        .storeSet(.timeRate, .named("one-renewal-every-2s")), .storeSet(.serverAPI, .named("rate-limited")), .serverSharedSecret(right: false),
        .serverVerifyMethod(post: false), .serverVerifyFirst(.sandbox),
        .expect(.pending(0)), .expect(.unfinished(1)), .expect(.lost(0)), .expect(.overcharged(0)), .expect(.auditOk),
        .forge(.tamper(transactionId: 1000000000000001)), .forge(.replay(transactionId: 1000000000000001)),
        .forge(.jws(transactionId: 1000000000000001)),
        .forge(.cacheReceipt(transactionId: 1000000000000002)),
        .forge(.cacheProduct(transactionId: 1000000000000002, productId: "com.storesim.coins.550")),
        .disk(full: true), .serverDisk(full: false),
        .subscriptionBilling(productId: "com.storesim.premium.monthly", fails: true), .storeSet(.gracePeriod, .named("28d")),
        .storePriceIncrease(productId: "com.storesim.premium.monthly", price: Decimal(string: "3.49") ?? 0),
        .consent(productId: "com.storesim.premium.monthly", agrees: false),
        .serverNotifications(on: true), .serverNotificationsURL("https://backend.example/notifications"), .serverNotificationsURL(nil),
        .serverHistory, .expect(.notificationsPending(1)),
        .expect(.notified(notification: "OFFER_REDEEMED.UPGRADE", count: 1)),
        .serverTestNotification, .serverTestNotificationStatus,
        .serverExtend(productId: "com.storesim.premium.monthly", days: 10, reasonCode: 3),
        .expect(.autoRefunded(1)), .expect(.acknowledged(productId: "com.storesim.pro", acknowledged: true)),
        .voidPurchase(.product("com.storesim.coins.550"), reason: .fraud), .voidPurchase(.transaction(33_721_948_052_170_431), reason: .other),
        .serverVoided, .storePubSub(.duplicate),
    ]

    @Test(arguments: oneOfEach)
    func everyCommandHasExactlyOneDeclarationAndReadsBackAsItself(_ command: ScenarioCommand) throws {
        let owners = ScenarioVocabulary.declarations.filter { $0.line(command) != nil }
        #expect(owners.count == 1, "\(command)")
        let line = command.scriptLine
        #expect(!line.isEmpty)
        // A command of Google Play alone is read in a world that sells there.
        let store: StoreKind = owners.first?.stores.contains(.appStore) == false ? .play : .appStore
        let parsed = try ScenarioParser(catalog: catalog, store: store).parse(line, file: "line")
        #expect(parsed.map(\.command) == [command], "\(line)")
    }

    @Test func everyDeclarationIsReachableByItsUsage() {
        let usages = ScenarioVocabulary.declarations.map(\.syntax.usage)
        #expect(Set(usages).count == usages.count, "two declarations share a usage")
        for declaration in ScenarioVocabulary.declarations {
            let printed = Self.oneOfEach.filter { $0.declaration?.syntax == declaration.syntax }
            #expect(!printed.isEmpty, "no command of '\(declaration.syntax.usage)' in oneOfEach")
        }
    }

    @Test func tapsAndSwitchesActAtOnceAndEverythingElseWaitsForQuiet() {
        let atOnce = Self.oneOfEach.filter { !$0.waitsForQuiet }.map(\.scriptLine)
        #expect(atOnce == [
            "buy com.storesim.coins.100", "buy com.storesim.pro ask", "buy com.storesim.premium.monthly offer comeback",
            "redeem SPRING", "restore", "crash", "crash at server-committed",
            "disarm", "deliver 3", "power-cut", "power-cut at cached", "network offline", "server drop-response", "server url http://127.0.0.1:8080",
            "store ask-to-buy on", "store fail off", "store fail on network", "store sell com.storesim.pro off",
            "strategy queue-only", "api storekit2", "store environment sandbox", "store verify-receipt temporary-issue",
            "store time-rate one-renewal-every-2s", "store server-api rate-limited",
            "server shared-secret wrong", "server verify-method get", "server verify-first sandbox", "disk full", "server disk ok", "store grace-period on 28d",
            "server notifications on", "server notifications url https://backend.example/notifications", "server notifications url off",
            "server test-notification", "store pubsub duplicate",
        ])
    }

    @Test func theCommandsThatNeedTheAppAreTheTapsInIt() {
        let needing = ScenarioVocabulary.declarations.filter(\.needsApp).map(\.syntax.usage)
        #expect(needing == ["buy PRODUCT [confirm|cancel|ask]", "buy PRODUCT offer ID", "redeem CODE", "restore", "background", "resume",
                           "crash", "power-cut", "quit"])
    }

    @Test func chaosDrawsTheDeclaredShares() {
        let weights = ScenarioVocabulary.declarations.compactMap { declaration in
            declaration.chaos.map { "\(declaration.syntax.name) \($0.weight)" }
        }
        #expect(weights == [
            "buy 30", "buy 3", "redeem 2", "approve 6", "decline 3", "restore 4", "crash 3", "power-cut 2", "deliver 7", "crash 4",
            "power-cut 2", "launch 8", "quit 3", "network 5", "server 6", "server 1", "server 1", "server 1", "store 5", "store 1",
            "store 1", "store 2", "resolve 1", "refund 1",
            "subscription 1", "subscription 1", "store 1", "consent 1", "disk 1", "advance 3", "account 2", "family 1", "family 1", "reinstall 3",
        ])
    }

    @Test(arguments: [
        ("store", "usage: store ask-to-buy|interrupt|fail|payments|product-requests|grace-period|sync|device-verification|subscription-status on|off, store fail on REASON"),
        ("server disk", "usage: server disk full|ok"),
        ("power-cut soon", "usage: power-cut or power-cut at POINT"),
        ("forge melt 1", "usage: forge tamper TX, forge replay TX"),
        ("expect wonders", "unknown expectation 'wonders'; expected credited PRODUCT N, balance CURRENCY N"),
    ])
    func aLineThatFitsNoFormListsTheForms(_ line: String, _ message: String) {
        #expect {
            try ScenarioParser(catalog: catalog).parse(line, file: "bad.scenario")
        } throws: { error in
            "\(error)".hasPrefix("bad.scenario: line 1: \(message)")
        }
    }

    @Test func helpListsEveryCommandWithWhatItDoes() {
        let lines = ScenarioVocabulary.helpText.split(separator: "\n")
        let usageLines = lines.filter { !$0.hasPrefix("   ") }
        #expect(usageLines.count == ScenarioVocabulary.declarations.count)
        for (line, declaration) in zip(usageLines, ScenarioVocabulary.declarations) {
            #expect(line.hasPrefix("  \(declaration.syntax.usage)"))
        }
        #expect(lines.contains { $0.contains("store sell PRODUCT on|off") && $0.contains("stops selling") })
        #expect(lines.contains { $0.contains("expect audit ok") && $0.contains("nothing lost") })
    }
}
