import IAPCore
import Lessons
import ScenarioLanguage
import Testing
import WorldCore
@testable import StoreTUI

/// A world that sells on Google Play in the interface: the header names the store and the
/// strategy in Google's words, the timeline's second lane is Play, its lines name orders as
/// Google does (`GPA.…`), and the parties panel lists Play's purchases, an unacknowledged one
/// with the time left before the three-day rule refunds it.
@Suite struct GooglePlayScreenTests {
    /// A Play world whose purchase of StoreSim Pro cannot reach the Server (offline): Play
    /// holds it PURCHASED and unacknowledged.
    private static func worldWithAnUnacknowledgedPurchase() throws -> TUIWorld {
        let tui = try TUIWorld()
        let world = try tui.folder.world(seed: 3, store: .play)
        try world.perform(.launch)
        try world.perform(.network(online: false))
        try world.perform(.buy(productId: "com.storesim.pro", answer: .confirm))
        try world.settle()
        return tui
    }

    @Test func theScreenNamesGooglePlayItsLaneAndTheTimeLeftToAcknowledge() throws {
        let frames = try Self.worldWithAnUnacknowledgedPurchase().session(.settle + [.key(.enter), .capture], columns: 120, rows: 40)
        let screen = try #require(frames.first)
        #expect(screen[0].contains("Google Play") && screen[0].contains("strategy: verify-then-acknowledge"), "\(screen[0])")
        #expect(screen.contains { $0.hasPrefix("Timeline") && $0.contains("App") && $0.contains("Play") && !$0.contains("Store") })
        #expect(screen.contains { $0.contains("Google Play (1 unacknowledged)") }, "\(screen.joined(separator: "\n"))")
        #expect(screen.contains { $0.contains("GPA.") && $0.contains("refund in 2d 23h") },
                "\(screen.joined(separator: "\n"))")
        let rows = screen.joined(separator: "\n")
        #expect(rows.contains("onPurchasesUpdated OK: PURCHASED com.storesim.pro GPA."))
        #expect(rows.contains("save pending order GPA.") && !rows.contains(" tx 1"), "orders are named as Google names them: \(rows)")
    }

    @Test func theChineseScreenNamesTheSameInChinese() throws {
        let frames = try Self.worldWithAnUnacknowledgedPurchase().session(.settle + [.key(.enter), .capture], columns: 120, rows: 40, locale: "zh_CN")
        let screen = try #require(frames.first)
        #expect(screen.contains { $0.contains("Google Play（1 笔未确认）") }, "\(screen.joined(separator: "\n"))")
        #expect(screen.contains { $0.contains("2d 23h 后退款") }, "\(screen.joined(separator: "\n"))")
    }

    /// Runs `commands` in the Play world of `tui`, which is closed again before a session opens it.
    private static func perform(_ commands: [ScenarioCommand], in tui: TUIWorld) throws {
        let world = try tui.folder.world(seed: 3, store: .play)
        for command in commands {
            try world.perform(command)
            try world.settle()
        }
    }

    @Test func aCanceledSubscriptionShowsWhenItEndsThenThatItExpired() throws {
        let tui = try TUIWorld()
        let monthly = "com.storesim.premium.monthly"
        try Self.perform([.launch, .buy(productId: monthly, answer: .confirm), .advance(seconds: 10 * 86_400),
                          .subscriptionRenew(productId: monthly, on: false), .quit], in: tui)
        let canceled = try #require(try tui.session(.settle + [.capture], columns: 120, rows: 40).first)
        #expect(canceled.contains { $0.contains("GPA.5833-6941-4626-86556 ends in 20d 23h") },
                "\(canceled.prefix(6).joined(separator: "\n"))")
        try Self.perform([.advance(seconds: 30 * 86_400)], in: tui)
        let expired = try #require(try tui.session(.settle + [.capture], columns: 120, rows: 40).first)
        #expect(expired.contains { $0.contains("GPA.5833-6941-4626-86556 expired Premium") }, "\(expired.joined(separator: "\n"))")
    }

    @Test func theStrategyAndCrashMenusSpeakGooglesWords() throws {
        let tui = try TUIWorld()
        _ = try tui.folder.world(seed: 3, store: .play)
        let frames = try tui.session(.settle + [.key(.character("m")), .capture, .key(.escape), .key(.character("x")), .capture],
                                     columns: 120, rows: 40)
        let strategies = frames[0].joined(separator: "\n"), points = frames[1].joined(separator: "\n")
        #expect(strategies.contains("5   server-acknowledges") && strategies.contains("(Google's recommendation)"), "\(strategies)")
        #expect(!strategies.contains("verify-then-finish"), "\(strategies)")
        #expect(points.contains("billing-flow-launched") && points.contains("the app has called acknowledgePurchase or consumeAsync"),
                "\(points)")
        #expect(!points.contains("payment-sent"), "\(points)")
    }

    /// The interface offers nothing in a Play world that a script there could not say: the
    /// sheet is Google Play's (pay later, no Ask to Buy), and an App Store command a key would
    /// carry out (the StoreKit generation, in the faults panel) is refused on the status line.
    /// The transaction manager of a Play world lists Play's purchases by order, and its keys act
    /// on Google Play as a script does: `n` cancels the subscription, `f` refunds and revokes it.
    @Test func aPlayWorldsTransactionManagerCancelsAndRefundsASubscription() throws {
        let tui = try TUIWorld()
        try Self.perform([.launch, .buy(productId: "com.storesim.premium.monthly", answer: .confirm), .quit], in: tui)
        let frames = try tui.session(.settle + [.key(.character("t")), .capture, .key(.character("n"))] + .settle
                                     + [.capture, .key(.character("f"))] + .settle + [.capture, .key(.escape)], columns: 120, rows: 40)
        #expect(frames.count == 3)
        let listed = frames[0].joined(separator: "\n")
        #expect(listed.contains("GPA.5833-6941-4626-86556") && listed.contains("Premium (Monthly)"), "\(listed)")
        #expect(!listed.contains("no auto-renew"), "\(listed)")
        let canceled = frames[1].joined(separator: "\n")
        #expect(canceled.contains("no auto-renew"), "\(canceled)")
        let refunded = frames[2].joined(separator: "\n")
        #expect(refunded.contains("Refunded and revoked: Premium (Monthly), GPA.5833-6941-4626-86556"), "\(refunded)")
        let world = try tui.folder.world(seed: 3, store: .play)
        let record = try #require(try world.play?.records().first)
        #expect(!record.autoRenewing)
        #expect(record.isVoided && record.voidedSource == .developer)
    }

    /// The faults panel of a Play world offers only the switches a Play script could turn: the
    /// network and the Server, none of the App Store's.
    @Test func aPlayWorldsFaultsPanelOffersOnlyWhatAPlayWorldTakes() throws {
        let tui = try TUIWorld()
        _ = try tui.folder.world(seed: 3, store: .play)
        let frames = try tui.session(.settle + [.key(.enter), .key(.escape), .key(.character("f")), .capture], columns: 120, rows: 40)
        let panel = try #require(frames.first).joined(separator: "\n")
        #expect(panel.contains("network (App ↔ Server)"), "\(panel)")
        #expect(!panel.contains("Ask to Buy") && !panel.contains("shared secret"), "App Store switches are not offered: \(panel)")
    }

    @Test func aPlayWorldsSheetIsGooglePlaysAndAppStoreKeysAreRefused() throws {
        let tui = try TUIWorld()
        let world = try tui.folder.world(seed: 3, store: .play)
        let frames = try tui.session(.settle + [.key(.enter), .capture, .key(.character("a")), .capture, .key(.escape),
                                                .key(.character("f")), .key(.character("a")), .capture],
                                     columns: 120, rows: 40)
        let sheet = frames[0].joined(separator: "\n")
        #expect(sheet.contains("Google Play") && sheet.contains("[p] Pay later") && !sheet.contains("Ask to Buy"), "\(sheet)")
        #expect(frames[1].joined(separator: "\n").contains("[p] Pay later"), "a is no key of Google Play's sheet")
        let refused = frames[2].joined(separator: "\n")
        #expect(refused.contains("Not done: 'api storekit1|storekit2' is an App Store command; this world sells on Google Play"),
                "\(refused)")
        #expect(world.settings.api == .storekit1)
    }

    @Test func lessonFiveOpensInAGooglePlayWorldAndEndsAutoRefunded() throws {
        let lesson = try #require(Lesson.all.first { $0.number == 5 })
        #expect(lesson.store == .play && lesson.title == "the same crash on Google Play")
        let steps: [ScriptedTerminal.Step] = Array(repeating: [.key(.character("n"))] + .settle, count: 8).flatMap { $0 } + [.capture]
        let frames = try TUIWorld().session(.settle + [.key(.character("?")), .key(.character("5"))] + .settle + steps,
                                            columns: 120, rows: 40)
        let screen = try #require(frames.first)
        #expect(screen[0].contains("Google Play"), "\(screen[0])")
        #expect(screen.contains { $0.contains("AUTO-REFUNDED") }, "\(screen.joined(separator: "\n"))")
    }
}
