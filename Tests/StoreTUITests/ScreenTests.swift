import IAPCore
import Simulator
import Testing
@testable import StoreTUI

/// Whole screens as text rows, driven through the real update and app loop.
@Suite struct ScreenTests {
    @Test func mainScreenAt80x24ShowsHeaderCatalogPartiesTimelineAndKeys() throws {
        let world = try TUIWorld()
        let frames = try world.session(.settle + [.capture])
        let screen = try #require(frames.first)
        #expect(screen.count == 24)
        #expect(screen.allSatisfy { DisplayWidth.of($0) == 80 })
        #expect(screen[0].hasPrefix(" StoreSim  App: running  strategy: verify-then-finish "))
        #expect(screen[0].hasSuffix(" 2026-01-01 00:00:00 "))
        #expect(screen[1].hasPrefix(" net online  server up  ask off  interrupt off  fail off  pay on  account demo"))
        #expect(screen[3].hasPrefix("Catalog "))
        #expect(screen[4].hasPrefix("▶ 100 Coins               $0.99  consumable  ×0 "))
        #expect(screen[5].hasPrefix("  550 Coins               $4.99  consumable  ×0 "))
        #expect(screen[6].hasPrefix("  StoreSim Pro            $9.99  non-consum. "))
        #expect(screen[7].hasPrefix("  Premium (Mont… ") || screen[7].hasPrefix("  Premium"))
        #expect(screen.contains { $0.hasPrefix("Timeline  App     Store   Server  Cache") })
        #expect(screen.contains { $0.contains("●───────▶") && $0.contains("add transaction observer") })
        #expect(screen[23].hasPrefix(" ↑↓ select  Enter buy  r restore  x crash  t transactions  ? help  q quit"))
    }

    /// The header names the app's StoreKit when it is StoreKit 2; a StoreKit 1 header is as it was.
    @Test func theHeaderNamesStoreKit2WhenTheAppUsesIt() throws {
        let world = try TUIWorld()
        let storeKit1 = try #require(try world.session(.settle + [.capture]).first)
        #expect(!storeKit1[1].contains("StoreKit"))
        try world.folder.world(catalog: world.catalog, seed: 3).perform(.api(.storekit2))
        let storeKit2 = try #require(try world.session(.settle + [.capture]).first)
        #expect(storeKit2[1].hasPrefix(" net online  server up  api StoreKit 2  ask off "), "\(storeKit2[1])")
        #expect(storeKit2[0].hasSuffix(" 2026-01-01 00:00:00 "))
    }

    @Test func purchaseSheetShowsProductPriceAccountAndChoices() throws {
        let frames = try TUIWorld().session(.settle + [.key(.down), .key(.enter), .capture, .key(.escape)])
        let screen = try #require(frames.first).joined(separator: "\n")
        #expect(screen.contains("─ App Store ─"))
        #expect(screen.contains("│ 550 Coins "))
        #expect(screen.contains("│ Price    $4.99 "))
        #expect(screen.contains("│ Account  demo "))
        #expect(screen.contains("[Enter] Confirm   [Esc] Cancel   [a] Ask to Buy"))
    }

    @Test func buyingShowsTheCreditInTheLedgerAndCatalog() throws {
        let frames = try TUIWorld().session(.settle + [.key(.enter), .key(.enter)] + .settle + [.capture])
        let screen = try #require(frames.first)
        #expect(screen[3].hasPrefix("Catalog — balance: coins 100"))
        #expect(screen[4].hasPrefix("▶ 100 Coins               $0.99  consumable  ×1 "))
        #expect(screen.contains { $0.contains("Server ledger (1 credit)") })
        #expect(screen.contains { $0.contains("1000000000000001 +100 coins") })
        #expect(screen.contains { $0.contains("◀───────────────●") && $0.contains("credited tx 1000000000000001") })
    }

    @Test func stepModeHighlightsTheWaitingMessage() throws {
        let world = try TUIWorld()
        let buffers = try world.buffers(.settle + [.key(.character("s")), .key(.enter), .key(.enter),
                                                   .key(.space), .key(.space), .capture])
        let buffer = try #require(buffers.first)
        let rows = buffer.textRows
        let waiting = try #require(rows.firstIndex { $0.hasPrefix("next ▸") })
        #expect(rows.timelineText().contains("waiting: purchased com.storesim.coins.100 tx 1000000000000001"))
        #expect(rows[21].contains("1000000000000001"), "the waiting message's words run to the last timeline row")
        #expect(rows[waiting].contains("◀───────●"))
        #expect(buffer[x: 0, y: waiting].style.contains(.reverse))
        #expect(rows[waiting - 2].contains("purchasing com.storesim.coins.100"))
        #expect(rows[waiting - 1].contains("1000000000000001"), "its id wrapped whole onto the row below")
        #expect(rows[23].hasPrefix(" Space next  s step off  ↑↓ select"))
    }

    @Test func recoveryReportAfterACrashAtServerCommitted() throws {
        let world = try TUIWorld()
        let first = try world.session(.settle + [.key(.character("x")), .key(.character("4")),
                                                 .key(.enter), .key(.enter)] + .settle + [.capture])
        #expect(try #require(first.first)[0].contains("App: crashed"))
        let second = try world.session(.settle + [.capture, .key(.enter), .capture]
                                       + Array(repeating: .key(.pageUp), count: 3) + [.capture])
        let report = try #require(second.first).joined(separator: "\n")
        #expect(report.contains("─ Recovery report ─"))
        #expect(report.contains("│ launch recovered 1 purchase:"))
        #expect(report.contains("│   100 Coins (tx 1000000000000001, from the cache and Store's queue):     │"))
        #expect(report.contains("│     already credited (duplicate suppressed)  "))
        let dismissed = try #require(second.dropFirst().first).joined(separator: "\n")
        #expect(!dismissed.contains("─ Recovery report ─"))
        let scrolledBack = try #require(second.last).joined(separator: "\n")
        #expect(scrolledBack.contains("the app crashed at server-committed"), "the timeline from before the crash is still there")
    }

    @Test func headerSaysRecoveringWhileTheLaunchRecovers() throws {
        let world = try TUIWorld()
        try world.session(.settle + [.key(.character("x")), .key(.character("3")), .key(.enter), .key(.enter)] + .settle)
        let frames = try world.session([.capture] + .settle + [.key(.enter), .capture])
        #expect(try #require(frames.first)[0].hasPrefix(" StoreSim  App: recovering "))
        #expect(try #require(frames.last)[0].hasPrefix(" StoreSim  App: running "))
    }

    @Test func transactionManagerApprovesAnAskToBuy() throws {
        let world = try TUIWorld()
        let frames = try world.session(.settle + [.key(.down), .key(.down), .key(.enter), .key(.character("a"))] + .settle
                                       + [.key(.character("t")), .capture, .key(.character("a"))] + .settle
                                       + [.key(.escape), .capture])
        let manager = try #require(frames.first).joined(separator: "\n")
        #expect(manager.contains("─ Transactions ─"))
        #expect(manager.contains("1000000000000001 StoreSim Pro  deferred  2026-01-01 00:00 —"))
        let after = try #require(frames.last)
        #expect(after[6].hasPrefix("▶ StoreSim Pro         $9.99  non-consum. owned"))
    }

    @Test func transactionManagerRunsTheSubscriptionLife() throws {
        let frames = try TUIWorld().session(.settle + [.key(.down), .key(.down), .key(.down), .key(.enter), .key(.enter)]
                                            + .settle + [.capture, .key(.character("t")), .key(.character("n"))] + .settle
                                            + [.capture, .key(.character("3"))] + .settle + [.key(.escape), .capture])
        #expect(frames[0][7].hasPrefix("▶ Premium (Mont… $2.99  auto-renew  trial→01-08"))
        // The free trial's price leads its notes; the panel's last row tells them whole.
        #expect(frames[1].joined(separator: "\n").contains("1000000000000001 Premium (Mon… purchased 2026-01-01 00:00 yes $0.00 tri…"))
        #expect(frames[1].joined(separator: "\n").contains("tx 1000000000000001: $0.00 trial, no auto-renew"))
        // Expired with auto-renew off, the subscription has churned: its win-back offer applies
        // (Apple: "A churned subscription is one that has an expirationDate in the past, and a
        // willAutoRenew value of false"), and the row's price shows it before the regular one.
        #expect(frames[2][7].hasPrefix("▶ Premium (Mon… $1.99→$2.99 auto-renew  expired"))
        #expect(frames[2][0].contains("2026-01-31"))
    }

    /// The refund key refunds the transaction selected in the manager (here the older of two), not
    /// the product's latest.
    @Test func transactionManagerRefundsTheSelectedTransaction() throws {
        let frames = try TUIWorld().session(.settle + [.key(.enter), .key(.enter)] + .settle + [.key(.enter), .key(.enter)] + .settle
                                            + [.key(.character("t")), .key(.up), .key(.character("f"))] + .settle + [.capture])
        let screen = try #require(frames.first)
        let first = try #require(screen.first { $0.contains("1000000000000001 100 Coins") })
        let second = try #require(screen.first { $0.contains("1000000000000002 100 Coins") })
        #expect(first.contains("refunded"), "\(screen.joined(separator: "\n"))")
        #expect(!second.contains("refunded"))
    }

    /// A downgrade waits for the renewal: the catalog says when the lower plan starts, the
    /// transaction manager what the current plan renews as.
    @Test func aDowngradeWaitingForItsRenewalShowsInTheCatalogAndTheManager() throws {
        let frames = try TUIWorld().session(.settle + [.key(.down), .key(.down), .key(.down), .key(.down), .key(.enter), .key(.enter)]
                                            + .settle + [.key(.up), .key(.enter), .key(.enter)] + .settle
                                            + [.capture, .key(.character("t")), .capture], columns: 120, rows: 30)
        let catalog = try #require(frames.first), manager = try #require(frames.last).joined(separator: "\n")
        #expect(catalog.contains { $0.contains("Premium (Monthly)") && $0.contains("auto-renewable  from 2027-01-01") }, "\(catalog.joined(separator: "\n"))")
        #expect(catalog.contains { $0.contains("Premium (Yearly)") && $0.contains("auto-renewable  to 2027-01-01") })
        #expect(manager.contains("1000000000000001 Premium (Yearly) purchased 2026-01-01 00:00 yes renews as Premium (Monthly)"), "\(manager)")
        #expect(manager.contains("1000000000000002 Premium (Yearly) purchased 2026-01-01 00:00 yes restore"))
    }

    @Test func anInterruptedPurchaseIsResolvedFromTheTransactionManager() throws {
        let frames = try TUIWorld().session(.settle + [.key(.character("f")), .key(.down), .key(.down), .key(.down), .key(.enter),
                                                       .key(.escape), .key(.enter), .key(.enter)] + .settle
                                            + [.key(.character("f")), .key(.down), .key(.down), .key(.down), .key(.enter), .key(.escape),
                                               .key(.character("t")), .key(.character("r"))] + .settle + [.capture, .key(.escape), .capture])
        #expect(frames[0].joined(separator: "\n").contains("1000000000000001 100 Coins     failed    2026-01-01 00:00 yes interrupt… │"), "cut at 80 columns, with …")
        #expect(frames[0].joined(separator: "\n").contains("1000000000000002 100 Coins     purchased 2026-01-01 00:00 yes"))
        #expect(!frames[0].joined(separator: "\n").contains("Recovery report"), "a resolved purchase is not a recovered one")
        #expect(frames[1][3].hasPrefix("Catalog — balance: coins 100"))
    }

    @Test func forgingFromTheTransactionManagerIsRejectedAndCreditsNothing() throws {
        let frames = try TUIWorld().session(.settle + [.key(.enter), .key(.enter)] + .settle
                                            + [.key(.character("t")), .key(.character("g"))] + .settle
                                            + [.key(.character("p"))] + .settle + [.key(.escape), .capture], rows: 40)
        let screen = try #require(frames.first)
        #expect(screen[3].hasPrefix("Catalog — balance: coins 100"), "neither the forgery nor the replay credited anything")
        #expect(screen.timelineText().contains("rejected tx 1000000000000001: 2100"))
        // The replayed receipt is valid (status 0) but does not prove the id it claims: the Server's
        // own refusal, not a verifyReceipt status.
        #expect(screen.timelineText().contains("refused tx 91000000000000001"))
    }

    @Test func theAccountSwitcherSignsTheDeviceIntoAnotherAccount() throws {
        let frames = try TUIWorld().session(.settle + [.key(.character("u")), .capture])
        #expect(try #require(frames.first)[1].contains("account family"))
    }

    @Test func faultsPanelTogglesTheServer() throws {
        let frames = try TUIWorld().session(.settle + [.key(.character("f")), .key(.down), .key(.enter), .capture,
                                                        .key(.escape), .capture])
        #expect(try #require(frames.first).joined().contains("server                        down"))
        #expect(try #require(frames.last)[1].contains("server DOWN"))
    }

    @Test func aRefundedProductNoLongerReadsOwned() throws {
        let frames = try TUIWorld().session(.settle + [.key(.down), .key(.down), .key(.enter), .key(.enter)] + .settle
                                            + [.key(.character("t")), .key(.character("f"))] + .settle + [.key(.escape), .capture])
        let screen = try #require(frames.first)
        #expect(screen[6].hasPrefix("▶ StoreSim") && screen[6].contains(" Store refunded "), "\(screen[6])")
        let panes = screen[3...10]
        #expect(panes.contains { $0.contains("1000000000000001 refunded:") })
        #expect(!panes.contains { $0.contains("owned") || $0.contains("owns") }, "the timeline still tells of the credit")
    }

    @Test func aWithdrawnProductShowsAsInvalidAfterTheNextLaunch() throws {
        let world = try TUIWorld()
        let first = try world.session(.settle + [.key(.down), .key(.down), .key(.character("f"))]
                                      + Array(repeating: .key(.down), count: 8) + [.key(.enter), .capture])
        #expect(try #require(first.first).joined().contains("store sells selected product  no"))
        let second = try world.session(.settle + [.capture])
        let pro = try #require(second.first)[6]
        #expect(pro.hasPrefix("  StoreSim Pro       $9.99  non-consum. INVALID"), "\(pro)")
    }

    @Test func helpListsKeysAndTheStrategyMenuExplainsEachStrategy() throws {
        let frames = try TUIWorld().session(.settle + [.key(.character("?")), .capture, .key(.escape),
                                                       .key(.character("m")), .capture, .key(.escape)])
        let help = try #require(frames.first).joined(separator: "\n")
        for text in ["x  crash menu", "s  step mode", "m  pick a strategy and relaunch",
                     "lessons, each in a fresh world: 1 the caching module's window, a loss"] {
            #expect(help.contains(text))
        }
        let strategies = try #require(frames.last).joined(separator: "\n")
        for text in ["verify-then-finish  cache, verify", "finish-first        finish at once"] {
            #expect(strategies.contains(text))
        }
    }

    @Test func tooSmallTerminalSaysSoAndRecovers() throws {
        let frames = try TUIWorld().session(.settle + [.resize(60, 20), .tick, .capture, .resize(80, 24), .tick, .capture])
        let small = try #require(frames.first)
        #expect(small.count == 20)
        #expect(small[10] == fitted("terminal too small (need 80×24)", in: 60))
        #expect(try #require(frames.last)[0].hasPrefix(" StoreSim "))
    }

    @Test func largerTerminalsShowMore() throws {
        let frames = try TUIWorld().session(.settle + [.capture], columns: 120, rows: 40)
        let screen = try #require(frames.first)
        #expect(screen.count == 40)
        #expect(screen[6].hasPrefix("  StoreSim Pro") && screen[6].contains("non-consumable"))
        let timelineRows = screen.filter { $0.contains("│       │") }
        #expect(timelineRows.count > 3)
    }

    @Test func chineseTitlesKeepTheColumnsAligned() throws {
        let buffers = try TUIWorld().buffers(.settle + [.capture], locale: "zh_CN")
        let buffer = try #require(buffers.first)
        let rows = (4...9).map { buffer.text(row: $0) }
        #expect(rows[0].hasPrefix("▶ 100 金币"))
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
