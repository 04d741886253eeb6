import Foundation
import IAPCore
import ReadSide
import ScenarioLanguage
import Testing
@testable import StoreTUI

/// The status line tells what each action did, until the next key; deleting asks first.
@Suite struct StatusLineTests {
    let pro = "com.storesim.pro"

    private func deferred(_ id: TransactionID) -> TransactionRow {
        TransactionRow(id: id, originalId: id, productId: pro, state: .deferred, kind: .purchase, charged: false,
                       finished: false, refunded: false, date: SimulatedTime.epoch, error: nil, hasReceipt: false,
                       isUnfinished: false, autoRenewOff: false)
    }

    @Test func approveDeclineAndRefundSayWhatTheyDidAndTheNextKeyClearsIt() throws {
        let view = WorldViewFixture.view(transactions: [WorldViewFixture.transaction(1000000000000001, pro),
                                                        deferred(1000000000000002)])
        var state = TUIState(columns: 100, rows: 30)
        _ = TUIUpdate.update(&state, .input(.key(.character("t"))), model: view)
        #expect(TUIUpdate.update(&state, .input(.key(.character("d"))), model: view) == [.perform(.decline(productId: pro))])
        #expect(state.status == "Declined by the parent: StoreSim Pro, tx 1000000000000002; nothing is charged.")
        try expectFrame(Screen.render(state, view).textRows, "transactions-declined-status-en-100x30")
        _ = TUIUpdate.update(&state, .input(.key(.character("a"))), model: view)
        #expect(state.status.hasPrefix("Approved by the parent: StoreSim Pro, tx 1000000000000002"))
        _ = TUIUpdate.update(&state, .input(.key(.up)), model: view)
        #expect(state.status == "", "the next key clears the line")
        #expect(TUIUpdate.update(&state, .input(.key(.character("f"))), model: view) == [.perform(.refund(.transaction(1000000000000001), reason: nil))])
        #expect(state.status == "Refunded: StoreSim Pro, tx 1000000000000001; the Store took the money back.")
    }

    @Test func theClockKeysSayWhereTheClockMoved() throws {
        let view = WorldViewFixture.view()
        var state = TUIState(columns: 100, rows: 30)
        _ = TUIUpdate.update(&state, .input(.key(.character("t"))), model: view)
        #expect(TUIUpdate.update(&state, .input(.key(.character("3"))), model: view) == [.perform(.advance(seconds: 30 * 86400))])
        #expect(state.status == "Clock moved on +30d, to 2026-01-31 00:00:00: what fell due by then has happened.")
        try expectFrame(Screen.render(state, view).textRows, "transactions-clock-moved-status-en-100x30")
        _ = TUIUpdate.update(&state, .input(.key(.character("1"))), model: view)
        #expect(state.status.hasPrefix("Clock moved on +1h, to 2026-01-01 01:00:00"), "from the clock the view shows")
    }

    @Test func deletingATransactionAsksFirst() throws {
        let view = WorldViewFixture.view(transactions: [WorldViewFixture.transaction(1000000000000001, pro)])
        var state = TUIState(columns: 100, rows: 30)
        _ = TUIUpdate.update(&state, .input(.key(.character("t"))), model: view)
        #expect(TUIUpdate.update(&state, .input(.key(.character("x"))), model: view).isEmpty, "nothing deleted yet")
        #expect(state.mode == .confirmDelete(transactionId: 1000000000000001))
        try expectFrame(Screen.render(state, view).textRows, "confirm-delete-pro-en-100x30")
        #expect(TUIUpdate.update(&state, .input(.key(.character("n"))), model: view).isEmpty)
        #expect(state.mode == .transactions)
        #expect(state.status == "Kept tx 1000000000000001: nothing was deleted.")
        _ = TUIUpdate.update(&state, .input(.key(.character("x"))), model: view)
        #expect(TUIUpdate.update(&state, .input(.key(.character("y"))), model: view)
            == [.perform(.storeDelete(transactionId: 1000000000000001))])
        #expect(state.mode == .transactions)
        #expect(state.status == "Deleted from the Store: tx 1000000000000001, StoreSim Pro.")
    }

    @Test func restoringPurchasesEndsWhenTheRestoreEnds() throws {
        let frames = try TUIWorld().session(.settle + [.key(.down), .key(.down), .key(.enter), .key(.enter)] + .settle
                                            + [.key(.character("s")), .key(.character("r")), .key(.space), .capture,
                                               .key(.character("s"))] + .settle + [.capture])
        try expectFrame(frames[0], "restoring-purchases-en-80x24")
        try expectFrame(frames[1], "restore-finished-en-80x24")
    }

    @Test func aParentsDeclineReadsSoOnTheTimeline() throws {
        let frames = try TUIWorld().session(.settle + [.key(.down), .key(.down), .key(.enter), .key(.character("a"))] + .settle
                                            + [.key(.character("t")), .key(.character("d"))] + .settle + [.key(.escape), .capture],
                                            columns: 120)
        try expectFrame(try #require(frames.first), "parent-declined-pro-en-120x24")
    }
}

/// The line a real crash leaves on the terminal says what the next launch will show and the
/// exact command that shows it, in both languages.
@Suite struct RealCrashLineWordsTests {
    @Test func theLineTellsTheNextLaunchAndTheCommand() {
        let crash = Happening.crash(.finished, powerCut: false)
        let next = NextLaunch(recovers: 0, lost: 1)
        #expect(Language.english.realCrashLine(crash, next: next, command: NextLaunch.command(directory: "/tmp/my world"))
            == "storesim: the app crashed at finished: the app has finished the transaction with the Store. "
            + "The next launch will show 0 to recover and 1 lost. To see it: storesim --data-dir '/tmp/my world'")
        #expect(Language.simplifiedChinese.realCrashLine(crash, next: next, command: "storesim --data-dir /w")
            == "storesim：App 在 finished 崩溃：App 已在商店完成交易。下次启动将显示 0 笔待恢复、1 笔已丢失。查看方法：storesim --data-dir /w")
        #expect(Language.simplifiedChinese.realCrashLine(.crash(.cached, powerCut: true), next: next, command: "storesim")
            == "storesim：在 cached 断电：App 已把待处理订单存入缓存。下次启动将显示 0 笔待恢复、1 笔已丢失。查看方法：storesim")
    }

    @Test func theCommandIsTheProgramAsItWasStartedSoThatItCanBePasted() {
        #expect(NextLaunch.command(directory: "/tmp/w", program: ".build/debug/storesim") == ".build/debug/storesim --data-dir /tmp/w")
        #expect(NextLaunch.command(directory: "/tmp/w", program: "/opt/my tools/storesim") == "'/opt/my tools/storesim' --data-dir /tmp/w")
        #expect(NextLaunch.command(directory: "/tmp/w", program: "storesim") == "storesim --data-dir /tmp/w")
    }
}
