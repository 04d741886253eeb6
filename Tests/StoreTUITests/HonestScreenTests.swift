import Foundation
import IAPCore
import ReadSide
import Testing
@testable import StoreTUI
import WorldCore

/// Nothing on screen is cut or worded so that it means something else: prices, titles, menus,
/// the footer, the ledger, a scrolled timeline, ids, dates, switches, a refund.
@Suite struct HonestScreenTests {
    let pro = "com.storesim.pro"
    let yearly = "com.storesim.premium.yearly"

    @Test(arguments: [80, 120], ["en_US", "zh-Hans"])
    func everyPriceIsShownWhole(columns: Int, locale: String) {
        let view = WorldViewFixture.view()
        let screen = Screen.render(TUIState(columns: columns, rows: 24, locale: locale), view).textRows.joined(separator: "\n")
        for product in view.catalog.products {
            let price = view.catalog.formattedPrice(of: product, locale: locale)
            #expect(screen.contains(price + " "), "\(price) at \(columns) columns")
        }
    }

    @Test func aTitleTooLongForItsColumnEndsInAnEllipsis() throws {
        #expect(fit("Premium (Monthly)", 10) == "Premium (…")
        #expect(fit("Pro", 5) == "Pro  ")
        let screen = Screen.render(TUIState(columns: 80, rows: 24), WorldViewFixture.view()).textRows
        try expectFrame(screen, "fixture-main-en-80x24")
    }

    @Test(arguments: [80, 100, 160])
    func theCrashMenuHelpAndStrategyMenuWrapInsteadOfCutting(columns: Int) {
        var view = WorldViewFixture.view()
        view.armedCrash = .cached
        view.settings.strategy = .finishFirst
        let expectations: [(TUIState.Mode, [String])] = [
            (.crashMenu, CrashPoint.allCases.map(\.explanation) + ["finish-first never gets there, so it will not fire."]),
            (.help, ["transactions: " + KeyMap.transactions.summary(.english)] + TimelineLegend.lines(.english)),
            (.strategyMenu, Strategy.allCases.map(\.summary)),
        ]
        for (mode, expected) in expectations {
            var state = TUIState(columns: columns, rows: 40)
            state.mode = mode
            let words = Screen.render(state, view).textRows.joined(separator: " ")
                .split { $0 == " " || $0 == "│" }.joined(separator: " ")
            for text in expected {
                #expect(words.contains(text.split(separator: " ").joined(separator: " ")), "\(mode) at \(columns): \(text)")
            }
        }
    }

    @Test func theFooterKeepsHelpAndQuitAt80Columns() throws {
        for stepMode in [false, true] {
            var state = TUIState(columns: 80, rows: 24)
            state.stepMode = stepMode
            try expectFrame(Screen.render(state, WorldViewFixture.view()).textRows, stepMode ? "fixture-step-mode-en-80x24" : "fixture-main-en-80x24")
        }
    }

    @Test func theLedgerSaysHowManyCreditsItDoesNotShow() throws {
        let credits = (1...5).map { CreditRow(transactionId: TransactionID(1_000_000_000_000_000 + Int64($0)), productId: "com.storesim.coins.100", grant: .amounts([GrantAmount(currency: "coins", amount: 100)])) }
        let screen = Screen.render(TUIState(columns: 80, rows: 24), WorldViewFixture.view(credits: credits)).textRows
        try expectFrame(screen, "ledger-five-credits-en-80x24")
    }

    @Test func theStoreQueueFollowsTheTransactionsItWasFoundIn() throws {
        let coins = "com.storesim.coins.100"
        var view = WorldViewFixture.view(transactions: [WorldViewFixture.transaction(1000000000000001, coins, finished: false)])
        let state = TUIState(columns: 80, rows: 24)
        try expectFrame(Screen.render(state, view).textRows, "store-queue-one-en-80x24")
        let deferred = TransactionRow(id: 1000000000000009, originalId: 1000000000000009, productId: coins, state: .deferred,
                                      kind: .purchase, charged: false, finished: false, refunded: false, date: SimulatedTime.epoch,
                                      error: nil, hasReceipt: false, isUnfinished: false, autoRenewOff: false)
        let bought: [TransactionRow] = (2...8).map { (index: Int) -> TransactionRow in
            WorldViewFixture.transaction(TransactionID(1000000000000000 + Int64(index)), coins, finished: index % 4 == 0)
        }
        view.transactions = TransactionRows(bought + [deferred])
        let screen = Screen.render(state, view).textRows
        try expectFrame(screen, "store-queue-six-with-deferred-en-80x24")
    }

    @Test func aScrolledTimelineSaysNewEventsArrivedBelow() throws {
        let view = WorldViewFixture.view()
        var state = TUIState(columns: 80, rows: 24)
        for second in 0..<20 {
            _ = TUIUpdate.update(&state, .worldEvent(note("note \(second)")), model: view)
        }
        _ = TUIUpdate.update(&state, .input(.key(.pageUp)), model: view)
        try expectFrame(Screen.render(state, view).textRows, "timeline-scrolled-newer-below-en-80x24")
        _ = TUIUpdate.update(&state, .worldEvent(note("late")), model: view)
        let screen = Screen.render(state, view).textRows
        try expectFrame(screen, "timeline-scrolled-new-since-en-80x24")
        _ = TUIUpdate.update(&state, .input(.key(.pageDown)), model: view)
        _ = TUIUpdate.update(&state, .input(.key(.pageDown)), model: view)
        try expectFrame(Screen.render(state, view).textRows, "timeline-scrolled-to-the-end-en-80x24")
    }

    @Test func transactionIdsAreShownOneWayEverywhere() throws {
        let view = WorldViewFixture.view(transactions: [WorldViewFixture.transaction(1000000000000001, pro)],
                                         credits: [CreditRow(transactionId: 1000000000000001, productId: pro, grant: .owns(productId: pro, untilMillis: nil))])
        var state = TUIState(columns: 100, rows: 30)
        _ = TUIUpdate.update(&state, .worldEvent(note("credited tx 1000000000000001: owns com.storesim.pro")), model: view)
        try expectFrame(Screen.render(state, view).textRows, "ids-whole-main-en-100x30")
        _ = TUIUpdate.update(&state, .input(.key(.character("t"))), model: view)
        try expectFrame(Screen.render(state, view).textRows, "ids-whole-transactions-en-100x30")
    }

    @Test func aDateInAnotherYearCarriesItsYearAndTheHeaderShowsEverySwitch() throws {
        let rows = WorldViewFixture.catalog.products.map { product in
            CatalogRow(product: product, invalid: false,
                       holding: product.id == yearly ? .until(SimulatedTime.epoch.addingTimeInterval(365 * 86400), trial: false)
                           : product.id == pro ? .refundedStillGranted : .none)
        }
        var view = WorldViewFixture.view(products: rows, credits: [
            CreditRow(transactionId: 1000000000000001, productId: pro, grant: .owns(productId: pro, untilMillis: nil), refunded: true),
        ])
        view.storeSwitches[.interrupt] = .on
        view.storeSwitches[.fail] = .failing(.networkError)
        let screen = Screen.render(TUIState(columns: 80, rows: 24), view).textRows
        try expectFrame(screen, "refunded-pro-and-yearly-to-next-year-en-80x24")
    }

    @Test func aTimelineLineTooLongForTheScreenWrapsWithItsWordsWhole() throws {
        let view = WorldViewFixture.view()
        var state = TUIState(columns: 80, rows: 24)
        _ = TUIUpdate.update(&state, .worldEvent(note("verify tx 1000000000000001 (com.storesim.premium.yearly) at the Server")),
                             model: view)
        let rows = Screen.render(state, view).textRows
        try expectFrame(rows, "timeline-wrapped-words-whole-en-80x24")
    }

    private func note(_ text: String) -> Event {
        Event(seq: 0, timeMillis: Int64(SimulatedTime.epoch.timeIntervalSince1970) * 1000, kind: .note, from: .app, to: nil,
              text: text, subject: nil)
    }
}
