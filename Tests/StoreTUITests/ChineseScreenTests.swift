import IAPCore
import ReadSide
import ScenarioLanguage
import Testing
@testable import StoreTUI
import WorldCore

/// The interface in Simplified Chinese (`--lang zh-Hans`), on a fixed world view: every screen
/// read as text rows, at 80 columns and wider. Chinese characters take two cells; prices, the
/// footer's help and quit keys and every line of a report or of help are shown whole.
@Suite struct ChineseScreenTests {
    let coins = "com.storesim.coins.100"

    func chinese(_ columns: Int = 80, _ rows: Int = 24) -> TUIState {
        TUIState(columns: columns, rows: rows, locale: "zh_CN")
    }

    /// What the dialog in front holds, as one text with spaces taken out, so that a line
    /// wrapped inside it still reads whole.
    func squeezed(_ screen: [String]) -> String {
        screen.compactMap { row -> Substring? in
            guard let left = row.firstIndex(of: "│"), let right = row.lastIndex(of: "│"), left < right else { return nil }
            return row[row.index(after: left)..<right]
        }.joined().filter { $0 != " " }
    }

    @Test(arguments: [(80, 24), (120, 40)])
    func theHeaderCatalogPartiesAndFooterAreChineseAndPricesWhole(columns: Int, rows: Int) throws {
        let view = WorldViewFixture.view()
        let screen = Screen.render(chinese(columns, rows), view).textRows
        try expectFrame(screen, "fixture-main-zh-Hans-\(columns)x\(rows)")
        for (offset, product) in view.catalog.products.enumerated() {
            let price = view.catalog.formattedPrice(of: product, locale: "zh_CN")
            #expect(screen[4 + offset].contains(" \(price) "), "\(price) at \(columns) columns: \(screen[4 + offset])")
        }
        var stepping = chinese(columns, rows)
        stepping.stepMode = true
        try expectFrame(Screen.render(stepping, view).textRows, "fixture-step-mode-zh-Hans-\(columns)x\(rows)")
        try expectFrame(Screen.render(chinese(60, 18), view).textRows, "too-small-zh-Hans-60x18")
    }

    @Test func theAuditBadgeAndAnUnreachableCrashFitAt80Columns() throws {
        var view = WorldViewFixture.view()
        view.settings.strategy = .finishFirst
        view.armedCrash = .cached
        view.audit = AuditSummary(paid: 1, lost: 1)
        view.storeSwitches[.askToBuy] = .on
        let screen = Screen.render(chinese(), view).textRows
        try expectFrame(screen, "audit-badge-and-unreachable-crash-zh-Hans-80x24")
    }

    @Test func thePurchaseSheetIsChinese() throws {
        var state = chinese()
        state.mode = .sheet(productId: coins)
        let screen = Screen.render(state, WorldViewFixture.view()).textRows
        try expectFrame(screen, "fixture-sheet-zh-Hans-80x24")
    }

    @Test func theHelpListsEveryKeyAndTheLegendWholeAt80Columns() throws {
        var state = chinese()
        state.mode = .help
        let screen = Screen.render(state, WorldViewFixture.view()).textRows
        try expectFrame(screen, "fixture-help-zh-Hans-80x24")
        let expected = KeyMap.main(stepMode: false).bindings.map { $0.helpText(.simplifiedChinese) }
            + ["购买单：Enter 确认、Esc 取消、a 购买前询问", "交易：" + KeyMap.transactions.summary(.simplifiedChinese),
               "故障：↑↓ 选择、Enter 切换、a 接口、n 通知、s 服务器 URL、u 通知 URL、t 测试通知、Esc 关闭",
                  "课程（各在一个新世界中）：1 the caching module's window, a loss"] + TimelineLegend.lines(.simplifiedChinese)
        for line in expected {
            #expect(squeezed(screen).contains(line.filter { $0 != " " }), "\(line)")
        }
    }

    @Test func theLossReportIsChineseWithTheLocalizedTitleAndPrice() throws {
        var view = WorldViewFixture.view()
        view.settings.strategy = .finishFirst
        view.audit = AuditSummary(paid: 1, lost: 1)
        view.losses = [LossFinding(transactionId: 1000000000000001, productId: coins, finished: true, strategy: .finishFirst)]
        var state = chinese()
        _ = TUIUpdate.update(&state, .tick, model: view)
        guard case .report(let title, let lines) = state.mode else {
            Issue.record("no loss report: \(state.mode)")
            return
        }
        #expect(title == "丢失报告")
        #expect(lines == [
            "启动时发现 1 笔已丢失的购买（已付款，从未入账，已无可恢复）：",
            "  100 金币（tx 1000000000000001）：已丢失，已付 US$0.99，策略 finish-first",
            "    已执行：在商店付款、报告已购买、在商店完成交易；从未执行：服务器入账、App 得知入账",
            "    为何无法恢复：在服务器入账前就完成了交易，且没有缓存；商店不会再次发送它",
            "    verify-then-finish 或 queue-only 本可以保住它：它们只在服务器入账后才完成交易，所以在那之前商店会一直重新发送它",
        ])
        let screen = Screen.render(state, view).textRows
        try expectFrame(screen, "fixture-loss-report-zh-Hans-80x24")
    }

    @Test func theMenusAndPanelsAreChinese() throws {
        var view = WorldViewFixture.view(transactions: [WorldViewFixture.transaction(1000000000000001, coins)])
        view.settings.strategy = .finishFirst
        view.armedCrash = .cached
        // Each frame shows its dialog's title and rows in Chinese: the crash menu's armed point that
        // finish-first never reaches, the strategies, a transaction's row, the faults' switches,
        // the question before a delete.
        let screens: [(TUIState.Mode, String)] = [
            (.crashMenu, "crash-menu-unreachable"), (.strategyMenu, "strategy-menu-finish-first"), (.transactions, "transactions-one"),
            (.faults, "faults"), (.confirmDelete(transactionId: 1000000000000001), "confirm-delete"),
        ]
        for (mode, name) in screens {
            var state = chinese()
            state.mode = mode
            try expectFrame(Screen.render(state, view).textRows, "fixture-\(name)-zh-Hans-80x24")
        }
    }

    @Test func theTimelineTellsWhatHappenedInChinese() throws {
        var state = chinese(120, 30)
        let coins = "com.storesim.coins.100", tx: TransactionID = 1000000000000001
        let events: [(Event.Kind, Party, Party?, Happening)] = [
            (.command, .user, .app, .user(.tapBuy(productId: coins, .confirm))),
            (.message, .app, .store, .message(.addPayment(PaymentMention(PaymentRequest(productId: coins, answer: .confirm))))),
            (.message, .store, .app, .message(.transactionUpdated(TransactionMention(state: .purchased, productId: coins, id: tx)))),
            (.note, .app, .cache, .app(.savedPendingOrder(tx))),
            (.crash, .app, nil, .crash(.cached, powerCut: false)),
            (.dropped, .server, .app, .notDelivered(.verificationAnswered(VerificationAnswer(transactionId: tx, outcome: .credited,
                                                                                           productId: coins, grant: .amounts([GrantAmount(currency: "coins", amount: 100)]))),
                                                    reason: .appNotRunning)),
            (.report, .app, nil, .recovery(LaunchRecovery(purchases: [.init(title: "100 Coins", transactionId: tx, source: .queue,
                                                                            outcome: .creditedNow)]))),
        ]
        state.timeline = events.enumerated().map { index, event in
            Event(seq: index, timeMillis: 1_767_225_600_000, kind: event.0, from: event.1, to: event.2, what: event.3, subject: nil)
        }
        try expectFrame(Screen.render(state, WorldViewFixture.view()).textRows, "timeline-every-kind-zh-Hans-120x30")
    }

    @Test func aCrashAndTheRelaunchsRecoveryReportAreChineseWithLocalizedTitles() throws {
        let world = try TUIWorld()
        let crashed = try #require(try world.session(.settle + [.key(.character("x")), .key(.character("3")), .key(.down),
                                                                .key(.enter), .key(.enter)] + .settle + [.capture], locale: "zh_CN").first)
        try expectFrame(crashed, "crashed-at-cached-zh-Hans-80x24")
        let frames = try world.session(.settle + [.capture, .key(.enter), .capture], locale: "zh_CN")
        let report = try #require(frames.first)
        try expectFrame(report, "recovery-report-cached-zh-Hans-80x24")
        try expectFrame(try #require(frames.last), "recovery-report-dismissed-zh-Hans-80x24")
    }

    @Test func theStatusLineTellsWhatAKeyDidInChinese() throws {
        let pro = "com.storesim.pro"
        let deferred = TransactionRow(id: 1000000000000002, originalId: 1000000000000002, productId: pro, state: .deferred,
                                      kind: .purchase, charged: false, finished: false, refunded: false, date: SimulatedTime.epoch,
                                      error: nil, hasReceipt: false, isUnfinished: false, autoRenewOff: false)
        let view = WorldViewFixture.view(transactions: [deferred])
        var state = chinese(100, 30)
        _ = TUIUpdate.update(&state, .input(.key(.character("t"))), model: view)
        #expect(TUIUpdate.update(&state, .input(.key(.character("d"))), model: view) == [.perform(.decline(productId: pro))])
        try expectFrame(Screen.render(state, view).textRows, "transactions-declined-status-zh-Hans-100x30")
        _ = TUIUpdate.update(&state, .input(.key(.character("f"))), model: view)
        #expect(state.status == "只有已扣款的交易才能退款。")
    }

    @Test func chineseWrapsBetweenItsCharactersButNeverBeforeAClosingMark() {
        let line = "    为何无法恢复：在服务器入账前就完成了交易，且没有缓存；商店不会再次发送它"
        for width in 20...40 {
            let lines = wrap(line, width)
            #expect(lines.allSatisfy { DisplayWidth.of($0) <= width }, "\(width): \(lines)")
            #expect(lines.dropFirst().allSatisfy { !"，；：。".contains($0.trimmingCharacters(in: .whitespaces).prefix(1)) })
            #expect(lines.joined().filter { $0 != " " } == line.filter { $0 != " " })
        }
        #expect(wrap("ran: paid at the Store, finished", 12) == ["ran: paid at", "  the Store,", "  finished"])
    }
}
