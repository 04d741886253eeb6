import IAPCore
import ScenarioLanguage
import Testing
@testable import StoreTUI

/// Whole screens as text rows, driven through the real update and app loop.
@Suite struct ScreenTests {
    @Test func mainScreenAt80x24ShowsHeaderCatalogPartiesTimelineAndKeys() throws {
        let world = try TUIWorld()
        let frames = try world.session(.settle + [.capture])
        let screen = try #require(frames.first)
        try expectFrame(screen, "main-en-80x24")
        #expect(screen.count == 24)
        #expect(screen.allSatisfy { DisplayWidth.of($0) == 80 })
    }

    /// The header names the app's StoreKit when it is StoreKit 2; a StoreKit 1 header is as it was.
    @Test func theHeaderNamesStoreKit2WhenTheAppUsesIt() throws {
        let world = try TUIWorld()
        let storeKit1 = try #require(try world.session(.settle + [.capture]).first)
        try expectFrame(storeKit1, "main-en-80x24")
        try world.folder.world(catalog: world.catalog, seed: 3).perform(.api(.storekit2))
        let storeKit2 = try #require(try world.session(.settle + [.capture]).first)
        try expectFrame(storeKit2, "main-storekit2-en-80x24")
    }

    @Test func purchaseSheetShowsProductPriceAccountAndChoices() throws {
        let frames = try TUIWorld().session(.settle + [.key(.down), .key(.enter), .capture, .key(.escape)])
        try expectFrame(try #require(frames.first), "sheet-en-80x24")
    }

    @Test func buyingShowsTheCreditInTheLedgerAndCatalog() throws {
        let frames = try TUIWorld().session(.settle + [.key(.enter), .key(.enter)] + .settle + [.capture])
        let screen = try #require(frames.first)
        try expectFrame(screen, "bought-100-coins-en-80x24")
    }

    @Test func stepModeHighlightsTheWaitingMessage() throws {
        let world = try TUIWorld()
        let buffers = try world.buffers(.settle + [.key(.character("s")), .key(.enter), .key(.enter),
                                                   .key(.space), .key(.space), .capture])
        let buffer = try #require(buffers.first)
        let rows = buffer.textRows
        try expectFrame(rows, "step-mode-waiting-purchased-en-80x24")
        let waiting = try #require(rows.firstIndex { $0.hasPrefix("next ▸") })
        #expect(buffer[x: 0, y: waiting].style.contains(.reverse))
    }

    @Test func recoveryReportAfterACrashAtServerCommitted() throws {
        let world = try TUIWorld()
        let first = try world.session(.settle + [.key(.character("x")), .key(.character("4")),
                                                 .key(.enter), .key(.enter)] + .settle + [.capture])
        try expectFrame(try #require(first.first), "crashed-at-server-committed-en-80x24")
        let second = try world.session(.settle + [.capture, .key(.enter), .capture]
                                       + Array(repeating: .key(.pageUp), count: 3) + [.capture])
        try expectFrame(try #require(second.first), "recovery-report-server-committed-en-80x24")
        try expectFrame(try #require(second.dropFirst().first), "recovery-report-dismissed-en-80x24")
        try expectFrame(try #require(second.last), "recovery-scrolled-back-en-80x24")
    }

    @Test func headerSaysRecoveringWhileTheLaunchRecovers() throws {
        let world = try TUIWorld()
        try world.session(.settle + [.key(.character("x")), .key(.character("3")), .key(.enter), .key(.enter)] + .settle)
        let frames = try world.session([.capture] + .settle + [.key(.enter), .capture])
        try expectFrame(try #require(frames.first), "recovering-en-80x24")
        try expectFrame(try #require(frames.last), "recovered-en-80x24")
    }

    @Test func transactionManagerApprovesAnAskToBuy() throws {
        let world = try TUIWorld()
        let frames = try world.session(.settle + [.key(.down), .key(.down), .key(.enter), .key(.character("a"))] + .settle
                                       + [.key(.character("t")), .capture, .key(.character("a"))] + .settle
                                       + [.key(.escape), .capture])
        try expectFrame(try #require(frames.first), "transactions-ask-to-buy-deferred-en-80x24")
        try expectFrame(try #require(frames.last), "ask-to-buy-approved-en-80x24")
    }

    @Test func transactionManagerRunsTheSubscriptionLife() throws {
        let frames = try TUIWorld().session(.settle + [.key(.down), .key(.down), .key(.down), .key(.enter), .key(.enter)]
                                            + .settle + [.capture, .key(.character("t")), .key(.character("n"))] + .settle
                                            + [.capture, .key(.character("3"))] + .settle + [.key(.escape), .capture])
        try expectFrame(frames[0], "trial-subscribed-en-80x24")
        try expectFrame(frames[1], "transactions-trial-auto-renew-off-en-80x24")
        try expectFrame(frames[2], "subscription-churned-win-back-en-80x24")
        // The free trial's price leads its notes; the panel's last row tells them whole.
        // Expired with auto-renew off, the subscription has churned: its win-back offer applies
        // (Apple: "A churned subscription is one that has an expirationDate in the past, and a
        // willAutoRenew value of false"), and the row's price shows it before the regular one.
    }

    /// The refund key refunds the transaction selected in the manager (here the older of two), not
    /// the product's latest.
    @Test func transactionManagerRefundsTheSelectedTransaction() throws {
        let frames = try TUIWorld().session(.settle + [.key(.enter), .key(.enter)] + .settle + [.key(.enter), .key(.enter)] + .settle
                                            + [.key(.character("t")), .key(.up), .key(.character("f"))] + .settle + [.capture])
        let screen = try #require(frames.first)
        try expectFrame(screen, "transactions-older-refunded-en-80x24")
    }

    /// A downgrade waits for the renewal: the catalog says when the lower plan starts, the
    /// transaction manager what the current plan renews as.
    @Test func aDowngradeWaitingForItsRenewalShowsInTheCatalogAndTheManager() throws {
        let frames = try TUIWorld().session(.settle + [.key(.down), .key(.down), .key(.down), .key(.down), .key(.enter), .key(.enter)]
                                            + .settle + [.key(.up), .key(.enter), .key(.enter)] + .settle
                                            + [.capture, .key(.character("t")), .capture], columns: 120, rows: 30)
        try expectFrame(try #require(frames.first), "downgrade-waiting-en-120x30")
        try expectFrame(try #require(frames.last), "transactions-downgrade-waiting-en-120x30")
    }

    @Test func anInterruptedPurchaseIsResolvedFromTheTransactionManager() throws {
        let frames = try TUIWorld().session(.settle + [.key(.character("f")), .key(.down), .key(.down), .key(.down), .key(.enter),
                                                       .key(.escape), .key(.enter), .key(.enter)] + .settle
                                            + [.key(.character("f")), .key(.down), .key(.down), .key(.down), .key(.enter), .key(.escape),
                                               .key(.character("t")), .key(.character("r"))] + .settle + [.capture, .key(.escape), .capture])
        try expectFrame(frames[0], "transactions-interrupted-resolved-en-80x24")
        try expectFrame(frames[1], "interrupted-resolved-en-80x24")
    }

    @Test func forgingFromTheTransactionManagerIsRejectedAndCreditsNothing() throws {
        let frames = try TUIWorld().session(.settle + [.key(.enter), .key(.enter)] + .settle
                                            + [.key(.character("t")), .key(.character("g"))] + .settle
                                            + [.key(.character("p"))] + .settle + [.key(.escape), .capture], rows: 40)
        let screen = try #require(frames.first)
        try expectFrame(screen, "forged-and-replayed-rejected-en-80x40")
        // The replayed receipt is valid (status 0) but does not prove the id it claims: the Server's
        // own refusal, not a verifyReceipt status.
    }

    @Test func theAccountSwitcherSignsTheDeviceIntoAnotherAccount() throws {
        let frames = try TUIWorld().session(.settle + [.key(.character("u")), .capture])
        try expectFrame(try #require(frames.first), "account-family-en-80x24")
    }

    @Test func faultsPanelTogglesTheServer() throws {
        let frames = try TUIWorld().session(.settle + [.key(.character("f")), .key(.down), .key(.enter), .capture,
                                                        .key(.escape), .capture])
        try expectFrame(try #require(frames.first), "faults-server-down-en-80x24")
        try expectFrame(try #require(frames.last), "server-down-en-80x24")
    }

    @Test func aRefundedProductNoLongerReadsOwned() throws {
        let frames = try TUIWorld().session(.settle + [.key(.down), .key(.down), .key(.enter), .key(.enter)] + .settle
                                            + [.key(.character("t")), .key(.character("f"))] + .settle + [.key(.escape), .capture])
        let screen = try #require(frames.first)
        try expectFrame(screen, "pro-refunded-en-80x24")
    }

    @Test func aWithdrawnProductShowsAsInvalidAfterTheNextLaunch() throws {
        let world = try TUIWorld()
        let first = try world.session(.settle + [.key(.down), .key(.down), .key(.character("f"))]
                                      + Array(repeating: .key(.down), count: 8) + [.key(.enter), .capture])
        try expectFrame(try #require(first.first), "faults-pro-not-sold-en-80x24")
        let second = try world.session(.settle + [.capture])
        try expectFrame(try #require(second.first), "pro-invalid-after-launch-en-80x24")
    }

    @Test func helpListsKeysAndTheStrategyMenuExplainsEachStrategy() throws {
        let frames = try TUIWorld().session(.settle + [.key(.character("?")), .capture, .key(.escape),
                                                       .key(.character("m")), .capture, .key(.escape)])
        try expectFrame(try #require(frames.first), "help-en-80x24")
        try expectFrame(try #require(frames.last), "strategy-menu-after-help-en-80x24")
    }

    @Test func tooSmallTerminalSaysSoAndRecovers() throws {
        let frames = try TUIWorld().session(.settle + [.resize(60, 20), .tick, .capture, .resize(80, 24), .tick, .capture])
        let small = try #require(frames.first)
        try expectFrame(small, "too-small-en-60x20")
        try expectFrame(try #require(frames.last), "main-after-too-small-en-80x24")
        #expect(small.count == 20)
        #expect(small[10] == fitted("terminal too small (need 80×24)", in: 60))
    }

    @Test func largerTerminalsShowMore() throws {
        let frames = try TUIWorld().session(.settle + [.capture], columns: 120, rows: 40)
        let screen = try #require(frames.first)
        try expectFrame(screen, "main-en-120x40")
        #expect(screen.count == 40)
    }

    @Test func chineseTitlesKeepTheColumnsAligned() throws {
        let buffers = try TUIWorld().buffers(.settle + [.capture], locale: "zh_CN")
        let buffer = try #require(buffers.first)
        let rows = (4...9).map { buffer.text(row: $0) }
        try expectFrame(buffer.textRows, "main-zh-Hans-80x24")
        let priceColumns = rows.map { row -> Int in
            let prefix = row.prefix { $0 != "U" }
            return DisplayWidth.of(String(prefix))
        }
        #expect(Set(priceColumns).count == 1, "every price starts in the same display column: \(priceColumns)")
    }

    private func fitted(_ text: String, in width: Int) -> String {
        let left = (width - DisplayWidth.of(text)) / 2
        return String(repeating: " ", count: left) + text + String(repeating: " ", count: width - left - DisplayWidth.of(text))
    }
}
