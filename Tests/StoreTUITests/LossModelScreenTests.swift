import IAPCore
import ReadSide
import ScenarioLanguage
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

    @Test func theHeaderShowsTheAuditsCountsAt80ColumnsWhileAnyIsNotZero() throws {
        let state = TUIState(columns: 80, rows: 24)
        let quiet = Screen.render(state, WorldViewFixture.view()).textRows
        try expectFrame(quiet, "fixture-main-en-80x24")
        #expect(quiet[2].trimmingCharacters(in: .whitespaces).isEmpty)
        var view = lostCoins()
        view.audit.recoverable = 2
        let screen = Screen.render(state, view).textRows
        try expectFrame(screen, "audit-badge-lost-and-recoverable-en-80x24")
    }

    @Test func aSettledLaunchWithALossShowsTheLossReportOnce() throws {
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
        try expectFrame(Screen.render(state, view).textRows, "loss-report-en-100x30")
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

    @Test func theHeaderAndCrashMenuShowAnArmedPointTheStrategyNeverReaches() throws {
        var view = WorldViewFixture.view()
        view.settings.strategy = .finishFirst
        view.armedCrash = .cached
        var state = TUIState(columns: 80, rows: 24)
        let header = Screen.render(state, view).textRows
        try expectFrame(header, "fixture-crash-armed-unreachable-en-80x24")
        view.audit = AuditSummary(lost: 1)
        try expectFrame(Screen.render(state, view).textRows, "fixture-crash-armed-unreachable-and-a-loss-en-80x24")
        _ = TUIUpdate.update(&state, .input(.key(.character("x"))), model: view)
        try expectFrame(Screen.render(state, view).textRows, "fixture-crash-menu-armed-unreachable-en-80x24")
        view.armedCrash = .finished
        try expectFrame(Screen.render(state, view).textRows, "fixture-crash-menu-armed-at-finished-en-80x24")
        #expect(TUIUpdate.update(&state, .input(.key(.character("d"))), model: view) == [.perform(.disarm)])
        #expect(state.mode == .main)
    }

    @Test func theCrashMenuArmsAPowerCutAtAPoint() throws {
        let view = WorldViewFixture.view()
        var state = TUIState(columns: 80, rows: 24)
        _ = TUIUpdate.update(&state, .input(.key(.character("x"))), model: view)
        #expect(TUIUpdate.update(&state, .input(.key(.character("p"))), model: view).isEmpty)
        #expect(state.mode == .powerCutMenu)
        try expectFrame(Screen.render(state, view).textRows, "fixture-power-cut-menu-en-80x24")
        #expect(TUIUpdate.update(&state, .input(.key(.character("6"))), model: view) == [.perform(.powerCutAt(.finished))])
        #expect(state.mode == .main)
    }

    @Test func theStrategyKeyRelaunchesTheAppUnderThePickedStrategy() throws {
        let view = WorldViewFixture.view()
        var state = TUIState(columns: 80, rows: 24)
        _ = TUIUpdate.update(&state, .input(.key(.character("m"))), model: view)
        #expect(state.mode == .strategyMenu)
        try expectFrame(Screen.render(state, view).textRows, "fixture-strategy-menu-en-80x24")
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
