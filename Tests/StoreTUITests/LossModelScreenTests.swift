import IAPCore
import Simulator
import Testing
@testable import StoreTUI

/// The loss made visible, the crash menu's arming, the strategy switch and the too-small
/// screen, on a fixed world view: keys in, effects and screens (text rows) out.
@Suite struct LossModelScreenTests {
    let coins = "com.storesim.coins.100"

    func lostCoins(_ view: WorldView = WorldViewFixture.view()) -> WorldView {
        var view = view
        view.settings.strategy = .finishFirst
        view.audit = AuditSummary(paid: 1, lost: 1)
        view.losses = [LossFinding(transactionId: 1000000000000001, productId: coins, finished: true, strategy: .finishFirst)]
        return view
    }

    @Test func theHeaderShowsTheAuditsCountsAt80ColumnsWhileAnyIsNotZero() {
        let state = TUIState(columns: 80, rows: 24)
        let quiet = Screen.render(state, WorldViewFixture.view()).textRows
        #expect(quiet[2].trimmingCharacters(in: .whitespaces).isEmpty)
        var view = lostCoins()
        view.audit.recoverable = 2
        let screen = Screen.render(state, view).textRows
        #expect(screen[2].hasPrefix(" lost 1 · recoverable 2 · double-credited 0 "))
    }

    @Test func aSettledLaunchWithALossShowsTheLossReportOnce() {
        var state = TUIState(columns: 100, rows: 30)
        let view = lostCoins()
        _ = TUIUpdate.update(&state, .tick, model: view)
        guard case .report(let title, let lines) = state.mode else {
            Issue.record("no loss report: \(state.mode)")
            return
        }
        #expect(title == "Loss report")
        #expect(lines == [
            "launch found 1 lost purchase (paid, never credited, nothing left to recover):",
            "  100 Coins (tx 1000000000000001): lost, paid $0.99 under finish-first",
            "    ran: paid at the Store, reported purchased, finished with the Store; never ran: credited by the Server, the app heard of the credit",
            "    why it cannot be recovered: finished before the Server credited it, with no cache; the Store will not redeliver it",
            "    verify-then-finish or queue-only would have saved it: they finish only after the Server credits, so the Store redelivers it until then",
        ])
        let screen = Screen.render(state, view).textRows.joined(separator: "\n")
        #expect(screen.contains("─ Loss report ─"))
        #expect(screen.contains("100 Coins (tx 1000000000000001): lost, paid $0.99 under finish-first"))
        _ = TUIUpdate.update(&state, .input(.key(.enter)), model: view)
        _ = TUIUpdate.update(&state, .tick, model: view)
        #expect(state.mode == .main, "a loss is reported once")
    }

    @Test func theLossReportWaitsForTheLaunchToSettleAndJoinsTheRecoveryReport() {
        var state = TUIState(columns: 100, rows: 30)
        var busy = lostCoins()
        busy.messagesInFlight = 1
        _ = TUIUpdate.update(&state, .tick, model: busy)
        #expect(state.mode == .main)
        state.mode = .report(title: "Recovery report", lines: ["launch recovered 1 purchase:"])
        _ = TUIUpdate.update(&state, .tick, model: lostCoins())
        guard case .report(let title, let lines) = state.mode else {
            Issue.record("no report: \(state.mode)")
            return
        }
        #expect(title == "Recovery and loss report")
        #expect(lines.first == "launch recovered 1 purchase:")
        #expect(lines.contains("launch found 1 lost purchase (paid, never credited, nothing left to recover):"))
    }

    @Test func theHeaderAndCrashMenuShowAnArmedPointTheStrategyNeverReaches() {
        var view = WorldViewFixture.view()
        view.settings.strategy = .finishFirst
        view.armedCrash = .cached
        var state = TUIState(columns: 80, rows: 24)
        let header = Screen.render(state, view).textRows
        #expect(header[0].contains(" crash armed: cached "))
        #expect(header[2].hasPrefix(" finish-first never reaches cached "))
        view.audit = AuditSummary(lost: 1)
        #expect(Screen.render(state, view).textRows[2].hasPrefix(" lost 1 · recoverable 0 · double-credited 0  finish-first never reaches cached "),
                "both fit at 80 columns")
        _ = TUIUpdate.update(&state, .input(.key(.character("x"))), model: view)
        let menu = Screen.render(state, view).textRows.joined(separator: "\n")
        #expect(menu.contains("│ 2    purchased        recovers  the Store has reported the purchase to the"))
        #expect(menu.contains("│ 3 ▶  cached                     the app has saved the pending order to its"))
        #expect(menu.contains("│      ▶ armed   ✗ finish-first never gets there"))
        #expect(menu.contains("│ A crash is armed at cached: finish-first never gets there, so it will not"))
        #expect(menu.contains("│   fire."))
        #expect(menu.contains("│ p    power cut at a point…      d  disarm"))
        view.armedCrash = .finished
        #expect(Screen.render(state, view).textRows.joined(separator: "\n").contains("│ 3 ✗  cached "))
        #expect(TUIUpdate.update(&state, .input(.key(.character("d"))), model: view) == [.perform(.disarm)])
        #expect(state.mode == .main)
    }

    @Test func theCrashMenuArmsAPowerCutAtAPoint() {
        let view = WorldViewFixture.view()
        var state = TUIState(columns: 80, rows: 24)
        _ = TUIUpdate.update(&state, .input(.key(.character("x"))), model: view)
        #expect(TUIUpdate.update(&state, .input(.key(.character("p"))), model: view).isEmpty)
        #expect(state.mode == .powerCutMenu)
        #expect(Screen.render(state, view).textRows.joined(separator: "\n").contains("─ Cut the power at a point ─"))
        #expect(TUIUpdate.update(&state, .input(.key(.character("6"))), model: view) == [.perform(.powerCutAt(.finished))])
        #expect(state.mode == .main)
    }

    @Test func theStrategyKeyRelaunchesTheAppUnderThePickedStrategy() {
        let view = WorldViewFixture.view()
        var state = TUIState(columns: 80, rows: 24)
        _ = TUIUpdate.update(&state, .input(.key(.character("m"))), model: view)
        #expect(state.mode == .strategyMenu)
        let menu = Screen.render(state, view).textRows.joined(separator: "\n")
        #expect(menu.contains("1 ▶ verify-then-finish "))
        #expect(menu.contains("4   finish-first "))
        let effects = TUIUpdate.update(&state, .input(.key(.character("4"))), model: view)
        #expect(effects == [.perform(.quit), .perform(.strategy(.finishFirst)), .perform(.launch)])
        #expect(state.lossReportDue)
    }

    @Test func keysAreIgnoredWhileTheTerminalIsTooSmall() {
        let view = WorldViewFixture.view()
        var state = TUIState(columns: 60, rows: 18)
        #expect(TUIUpdate.update(&state, .input(.key(.enter)), model: view).isEmpty)
        #expect(TUIUpdate.update(&state, .input(.key(.enter)), model: view).isEmpty)
        #expect(TUIUpdate.update(&state, .input(.key(.character("x"))), model: view).isEmpty)
        #expect(state.mode == .main)
        #expect(TUIUpdate.update(&state, .input(.key(.character("q"))), model: view) == [.quit])
        _ = TUIUpdate.update(&state, .input(.resize(columns: 80, rows: 24)), model: view)
        _ = TUIUpdate.update(&state, .input(.key(.enter)), model: view)
        #expect(state.mode == .sheet(productId: coins))
    }
}
