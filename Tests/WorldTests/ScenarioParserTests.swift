import IAPCore
@testable import ScenarioLanguage
import Testing

/// The scenario language of docs/reference/scenario-language.md, parsed, with errors that name the file and line.
@Suite struct ScenarioParserTests {
    let parser = ScenarioParser(catalog: BuiltInCatalog.catalog())

    @Test func parsesEveryCommandOfTheContract() throws {
        let steps = try parser.parse("""
            launch
            quit
            buy com.storesim.coins.100
            buy com.storesim.pro ask   # a child asks
            approve com.storesim.pro
            decline com.storesim.pro
            restore
            crash
            crash at server-committed
            power-cut
            account family
            reinstall
            network offline
            server drop-response
            store ask-to-buy on
            store payments off
            resolve com.storesim.coins.100
            refund com.storesim.pro
            advance 36h
            subscription com.storesim.premium.monthly renew off
            strategy queue-only
            expect credited com.storesim.coins.100 2
            expect balance coins 200
            expect owned com.storesim.pro yes
            expect pending 0
            expect unfinished 1
            expect lost 0
            expect audit ok
            """, file: "all.scenario")
        #expect(steps.count == 28)
        #expect(steps[3].command == .buy(productId: "com.storesim.pro", answer: .ask))
        #expect(steps[3].text == "buy com.storesim.pro ask")
        #expect(steps[8].command == .crashAt(.serverCommitted))
        #expect(steps[18].command == .advance(seconds: 36 * 3600))
        #expect(steps[19].command == .subscriptionRenew(productId: "com.storesim.premium.monthly", on: false))
        #expect(steps[27].command == .expect(.auditOk))
        #expect(steps[27].line == 28)
    }

    @Test func parsesTheLanguageExtensionsAndPrintsThemBack() throws {
        let text = """
            deliver 3
            wait
            power-cut at verified
            store fail on network
            store sell com.storesim.pro off
            store product-requests off
            store delete 1000000000000004
            subscription com.storesim.premium.yearly renew now
            subscription com.storesim.premium.yearly expire
            """
        let steps = try parser.parse(text, file: "more.scenario")
        #expect(steps.map(\.command) == [
            .deliver(3), .wait, .powerCutAt(.verified), .storeFail(.networkError),
            .storeSell(productId: "com.storesim.pro", on: false), .store(.productRequests, on: false),
            .storeDelete(transactionId: 1000000000000004), .subscriptionRenewNow(productId: "com.storesim.premium.yearly"),
            .subscriptionExpire(productId: "com.storesim.premium.yearly"),
        ])
        #expect(steps.map(\.command.scriptLine) == text.split(separator: "\n").map(String.init))
    }

    @Test func aGooglePlayWorldReadsItsSheetsAnswersAndTheForegroundCommands() throws {
        let play = ScenarioParser(catalog: BuiltInCatalog.catalog(), store: .play)
        let text = """
            buy com.storesim.pro pending
            buy com.storesim.pro slow-approve
            buy com.storesim.pro slow-decline
            approve com.storesim.pro
            decline com.storesim.pro
            background
            resume
            """
        let steps = try play.parse(text, file: "pending.scenario")
        #expect(steps.map(\.command) == [
            .buy(productId: "com.storesim.pro", answer: .pending), .buy(productId: "com.storesim.pro", answer: .slowApprove),
            .buy(productId: "com.storesim.pro", answer: .slowDecline), .approve(productId: "com.storesim.pro"),
            .decline(productId: "com.storesim.pro"), .background, .resume,
        ])
        #expect(steps.map(\.command.scriptLine) == text.split(separator: "\n").map(String.init))
    }

    @Test(arguments: [
        (StoreKind.play, "buy com.storesim.pro ask",
         "line 1: buy's answer 'ask' is the App Store's (Ask to Buy); this world's are confirm, cancel, pending, slow-approve, slow-decline"),
        (.appStore, "buy com.storesim.pro slow-approve", "line 1: buy's answer 'slow-approve' is Google Play's; this world's are confirm, cancel, ask"),
        (.appStore, "background", "line 1: 'background' is a Google Play command; this world sells on the App Store"),
    ])
    func theOtherStoresAnswerIsRefusedWithThisStoresAnswers(_ store: StoreKind, _ line: String, _ message: String) {
        #expect {
            try ScenarioParser(catalog: BuiltInCatalog.catalog(), store: store).parse(line, file: "bad.scenario")
        } throws: { error in
            "\(error)" == "bad.scenario: \(message)"
        }
    }

    @Test func commentsAndBlankLinesAreSkippedButCounted() throws {
        let steps = try parser.parse("# title\n\n  \nlaunch\n", file: "f")
        #expect(steps == [ScenarioStep(file: "f", line: 4, text: "launch", command: .launch)])
    }

    @Test(arguments: [
        ("fly away", "line 1: unknown command 'fly'"),
        ("buy com.example.x", "line 1: unknown product 'com.example.x'"),
        ("buy com.storesim.pro maybe", "line 1: unknown buy's answer 'maybe'"),
        ("crash at lunch", "line 1: unknown crash point 'lunch'"),
        ("advance 3 days", "line 1: usage: advance DURATION"),
        ("advance 3w", "line 1: bad duration '3w'"),
        ("expect balance coins -1", "line 1: '-1' is not a whole number"),
        ("expect audit fine", "line 1: unknown expectation 'audit fine'"),
        ("subscription com.storesim.pro renew on", "line 1: com.storesim.pro is not an auto-renewable subscription"),
        ("launch now", "line 1: 'launch' takes no arguments"),
        ("network sideways", "line 1: expected 'online' or 'offline', found 'sideways'"),
        ("store fail on lightning", "line 1: unknown failure 'lightning'"),
        ("store delete last", "line 1: 'last' is not a transaction id"),
        ("api storekit3", "line 1: unknown StoreKit API 'storekit3'; did you mean 'storekit1' or 'storekit2'? expected one of: storekit1, storekit2"),
        ("store delete 01000000000000001", "line 1: '01000000000000001' is not a transaction id"),
        ("forge tamper 99999999999999999999", "line 1: '99999999999999999999' is not a transaction id"),
        ("forge replay -1", "line 1: '-1' is not a transaction id"),
        ("forge cache ٣ receipt", "line 1: '٣' is not a transaction id"),
        ("subscription com.storesim.premium.monthly renew later", "line 1: expected 'on' or 'off', found 'later'"),
        ("server notifications url ftp://x", "line 1: \"ftp://x\" is not an http:// or https:// URL with a host; expected URL or off"),
        ("server notifications url http://", "line 1: \"http://\" is not an http:// or https:// URL with a host; expected URL or off"),
        ("server url ftp://x", "line 1: \"ftp://x\" is not an http:// or https:// URL with a host; expected URL or built-in"),
        ("server url http://a b", "line 1: usage: server url URL|built-in"),
    ])
    func errorsNameTheFileAndLine(_ line: String, _ message: String) {
        #expect {
            try parser.parse(line, file: "bad.scenario")
        } throws: { error in
            "\(error)".hasPrefix("bad.scenario: \(message)")
        }
    }
}
