import IAPCore
import Simulator
import Testing
@testable import StoreTUI

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
    func theHeaderCatalogPartiesAndFooterAreChineseAndPricesWhole(columns: Int, rows: Int) {
        let view = WorldViewFixture.view()
        let screen = Screen.render(chinese(columns, rows), view).textRows
        #expect(screen[0].hasPrefix(" StoreSim  App：运行中  策略：verify-then-finish "))
        #expect(screen[0].hasSuffix(" 2026-01-01 00:00:00 "))
        #expect(screen[1].hasPrefix(" 网络 在线  服务器 正常  购买前询问 关  中断 关  失败 关  付款 开  账户 demo"))
        #expect(screen[3].hasPrefix("商品目录 "))
        #expect(screen[4].hasPrefix("▶ 100 金币 "))
        for (offset, product) in view.catalog.products.enumerated() {
            let price = view.catalog.formattedPrice(of: product, locale: "zh_CN")
            #expect(screen[4 + offset].contains(" \(price) "), "\(price) at \(columns) columns: \(screen[4 + offset])")
        }
        #expect(screen[4].contains(columns < 100 ? " 消耗型 " : " 消耗型项目 "))
        #expect(screen[7].contains(columns < 100 ? " 自动续期 " : " 自动续期订阅 "))
        let text = screen.joined(separator: "\n")
        for words in ["商店队列（0）", "App 磁盘缓存（0）", "服务器账本（0 笔入账）", "时间线", " App     商店    服务器  缓存"] {
            #expect(text.contains(words), "\(words)")
        }
        #expect(screen[rows - 2].hasPrefix("Enter 购买所选商品；? 显示所有按键。"))
        #expect(screen[rows - 1].hasPrefix(" ↑↓ 选择  Enter 购买  r 恢复购买  x 崩溃"))
        #expect(screen[rows - 1].contains("? 帮助  q 退出"))
        var stepping = chinese(columns, rows)
        stepping.stepMode = true
        let footer = Screen.render(stepping, view).textRows[rows - 1]
        #expect(footer.hasPrefix(" Space 下一条  s 关闭单步  ↑↓ 选择") && footer.contains("? 帮助  q 退出"), "\(footer)")
        #expect(Screen.render(chinese(60, 18), view).textRows[9].contains("终端太小（至少需要 80×24）"))
    }

    @Test func theAuditBadgeAndAnUnreachableCrashFitAt80Columns() {
        var view = WorldViewFixture.view()
        view.settings.strategy = .finishFirst
        view.armedCrash = .cached
        view.audit = AuditSummary(paid: 1, lost: 1)
        view.storeSwitches[.askToBuy] = .on
        let screen = Screen.render(chinese(), view).textRows
        #expect(screen[0].contains(" 策略：finish-first  崩溃点：cached "))
        #expect(screen[1].contains(" 购买前询问 开 "))
        #expect(screen[2].hasPrefix(" 已丢失 1 · 可恢复 0 · 重复入账 0  finish-first 永远不会到达 cached "))
    }

    @Test func thePurchaseSheetIsChinese() {
        var state = chinese()
        state.mode = .sheet(productId: coins)
        let screen = Screen.render(state, WorldViewFixture.view()).textRows
        let text = screen.joined(separator: "\n")
        for line in ["─ App Store ─", "│ 100 金币 ", "│ 一小袋金币 ", "│ 价格     US$0.99 ", "│ 账户     demo ",
                     "│ [Enter] 确认   [Esc] 取消   [a] 购买前询问 "] {
            #expect(text.contains(line), "\(line)")
        }
        #expect(screen[23].hasPrefix(" Enter 确认  Esc 取消  a 购买前询问"))
    }

    @Test func theHelpListsEveryKeyAndTheLegendWholeAt80Columns() {
        var state = chinese()
        state.mode = .help
        let screen = Screen.render(state, WorldViewFixture.view()).textRows
        #expect(screen.joined().contains("─ 帮助 ─"))
        let expected = KeyMap.main(stepMode: false).bindings.map { $0.helpText(.simplifiedChinese) }
            + ["购买单：Enter 确认、Esc 取消、a 购买前询问", "交易：" + KeyMap.transactions.summary(.simplifiedChinese),
               "故障：↑↓ 选择、Enter 切换、a 接口、n 通知、Esc 关闭",
                  "课程（各在一个新世界中）：1 the caching module's window, a loss"] + TimelineLegend.lines(.simplifiedChinese)
        for line in expected {
            #expect(squeezed(screen).contains(line.filter { $0 != " " }), "\(line)")
        }
        #expect(screen.joined().contains("崩溃菜单：0 立即崩溃、1–6 设定崩溃点、7 断电"))
        #expect(screen[23].hasPrefix(" 1–3 打开课程  任意键 返回"))
    }

    @Test func theLossReportIsChineseWithTheLocalizedTitleAndPrice() {
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
        #expect(screen.joined().contains("─ 丢失报告 ─"))
        for line in lines {
            #expect(squeezed(screen).contains(line.filter { $0 != " " }), "cut at 80 columns: \(line)")
        }
        #expect(screen.contains { $0.contains("US$0.99") })
        #expect(screen[23].hasPrefix(" Enter 关闭  q 退出"))
    }

    @Test func theMenusAndPanelsAreChinese() {
        var view = WorldViewFixture.view(transactions: [WorldViewFixture.transaction(1000000000000001, coins)])
        view.settings.strategy = .finishFirst
        view.armedCrash = .cached
        let expectations: [(TUIState.Mode, [String])] = [
            (.crashMenu, ["─ 让 App 崩溃 ─", "│ 0    立即崩溃，在两条消息之间", "│ 3 ▶  cached                     App 已把待处理订单存入缓存",
                          "│      ▶ 已设定   ✗ finish-first 永远不会到达", "│ p    在某一点断电…      d  解除",
                          "│ 已在 cached 设定崩溃：finish-first 永远不会到达那里，所以它不会触发。"]),
            (.strategyMenu, ["─ 选择策略，然后重新启动 ─", "│ 1   verify-then-finish  缓存、验证，服务器入账后才完成交易，再删除缓存条目",
                             "│ 4 ▶ finish-first        立即完成交易，再验证，不用缓存（朴素的做法）"]),
            (.transactions, ["─ 交易 ─", "│ id               商品          状态      日期             完成 备注",
                             "│ 1000000000000001 100 金币      已购买    2026-01-01 00:00 是"]),
            (.faults, ["─ 故障 ─", "│ 网络（App ↔ 服务器）            在线", "│ 商店：出售所选商品              是",
                         "│ 服务器：verifyReceipt 请求方法  POST"]),
            (.confirmDelete(transactionId: 1000000000000001), ["要从商店删除 tx 1000000000000001（100 金币）吗？"]),
        ]
        for (mode, lines) in expectations {
            var state = chinese()
            state.mode = mode
            let text = Screen.render(state, view).textRows.joined(separator: "\n")
            for line in lines {
                #expect(text.contains(line), "\(mode): \(line)\n\(text)")
            }
        }
    }

    @Test func theTimelineTellsWhatHappenedInChinese() {
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
        let text = Screen.render(state, WorldViewFixture.view()).textRows.joined(separator: "\n")
        for words in ["你：轻点“购买” com.storesim.coins.100，然后确认", "添加付款 com.storesim.coins.100",
                      "已购买 com.storesim.coins.100 tx 1000000000000001", "保存待处理订单 tx 1000000000000001",
                      "✗ App 在 cached 崩溃：App 已把待处理订单存入缓存", "已入账 tx 1000000000000001：+100 coins ✗ App 没有运行",
                      "★ 启动时恢复了 1 笔购买："] {
            #expect(text.contains(words), "\(words)\n\(text)")
        }
    }

    @Test func aCrashAndTheRelaunchsRecoveryReportAreChineseWithLocalizedTitles() throws {
        let world = try TUIWorld()
        let crashed = try #require(try world.session(.settle + [.key(.character("x")), .key(.character("3")), .key(.down),
                                                                .key(.enter), .key(.enter)] + .settle + [.capture], locale: "zh_CN").first)
        #expect(crashed[0].contains(" App：已崩溃 "))
        #expect(crashed.contains { $0.contains("✗ App 在 cached 崩溃：App 已把待处理订单存入缓存") })
        let frames = try world.session(.settle + [.capture, .key(.enter), .capture], locale: "zh_CN")
        let report = try #require(frames.first)
        #expect(report.joined().contains("─ 恢复报告 ─"))
        #expect(squeezed(report).contains("启动时恢复了1笔购买："))
        #expect(squeezed(report).contains("550金币（tx1000000000000001，来自缓存和商店队列）：现已入账"))
        let dismissed = try #require(frames.last)
        #expect(dismissed.contains { $0.contains("★ 启动时恢复了 1 笔购买：") })
        #expect(dismissed.contains { $0.contains("服务器账本（1 笔入账）") })
        #expect(dismissed[5].hasPrefix("  550 金币 ") && dismissed[5].contains(" US$4.99 ") && dismissed[5].contains(" ×1 "))
    }

    @Test func theStatusLineTellsWhatAKeyDidInChinese() {
        let pro = "com.storesim.pro"
        let deferred = TransactionRow(id: 1000000000000002, originalId: 1000000000000002, productId: pro, state: .deferred,
                                      kind: .purchase, charged: false, finished: false, refunded: false, date: SimulatedTime.epoch,
                                      error: nil, hasReceipt: false, isUnfinished: false, autoRenewOff: false)
        let view = WorldViewFixture.view(transactions: [deferred])
        var state = chinese(100, 30)
        _ = TUIUpdate.update(&state, .input(.key(.character("t"))), model: view)
        #expect(TUIUpdate.update(&state, .input(.key(.character("d"))), model: view) == [.perform(.decline(productId: pro))])
        #expect(Screen.render(state, view).textRows[29 - FooterView.height(state, view)]
            .hasPrefix("家长已拒绝：StoreSim 专业版，tx 1000000000000002；不会扣款。"))
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
