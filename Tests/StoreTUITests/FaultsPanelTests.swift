import Foundation
import IAPCore
import ReadSide
import ScenarioLanguage
import Testing
@testable import StoreTUI

/// The faults panel and the header read each Store switch's declaration: every switch on its
/// line with its value, the header's second row, and Enter turning a switch to its next value.
@Suite struct FaultsPanelTests {
    private func view() -> WorldView {
        var view = WorldViewFixture.view()
        view.storeSwitches[.fail] = .failing(.networkError)
        view.storeSwitches[.payments] = .off
        view.storeSwitches[.productRequests] = .off
        view.storeSwitches.withdrawn = ["com.storesim.coins.100"]
        return view
    }

    @Test func thePanelShowsEverySwitchAndItsValue() throws {
        var state = TUIState(columns: 100, rows: 24)
        _ = TUIUpdate.update(&state, .input(.key(.character("f"))), model: view())
        let screen = Screen.render(state, view()).textRows
        try expectFrame(screen, "faults-every-switch-en-100x24")
    }

    @Test func enterTurnsEachStoreSwitchToItsNextValue() {
        var state = TUIState(columns: 80, rows: 24)
        _ = TUIUpdate.update(&state, .input(.key(.character("f"))), model: view())
        var commands: [[TUIEffect]] = []
        for _ in 0..<8 {
            _ = TUIUpdate.update(&state, .input(.key(.down)), model: view())
            commands.append(TUIUpdate.update(&state, .input(.key(.enter)), model: view()))
        }
        #expect(commands == [
            [.perform(.server(.down))], [.perform(.store(.askToBuy, on: true))], [.perform(.store(.interrupt, on: true))],
            [.perform(.store(.fail, on: false))], [.perform(.store(.payments, on: true))],
            [.perform(.store(.productRequests, on: true))], [.perform(.storeSet(.gracePeriod, .named("16d")))],
            [.perform(.storeSell(productId: "com.storesim.coins.100", on: true))],
        ])
        var failing = view()
        failing.storeSwitches[.fail] = .off
        state.panelSelection = 4
        #expect(TUIUpdate.update(&state, .input(.key(.enter)), model: failing) == [.perform(.storeFail(.unknown))])
    }

    @Test func theChinesePanelAndHeaderWordEachSwitch() throws {
        var state = TUIState(columns: 100, rows: 24, locale: "zh_CN")
        _ = TUIUpdate.update(&state, .input(.key(.character("f"))), model: view())
        let screen = Screen.render(state, view()).textRows
        try expectFrame(screen, "faults-every-switch-zh-Hans-100x24")
    }

    /// The environment the Server verifies at first is the panel's last row, after every older
    /// one, on the smallest screen too; Enter points the Server at the other environment, and the
    /// row tells where it points.
    @Test func theLastRowPointsTheServerAtTheOtherEnvironmentFirst() throws {
        var state = TUIState(columns: 80, rows: 24)
        _ = TUIUpdate.update(&state, .input(.key(.character("f"))), model: view())
        state.panelSelection = FaultSwitch.allCases.count - 1
        #expect(TUIUpdate.update(&state, .input(.key(.enter)), model: view()) == [.perform(.serverVerifyFirst(.sandbox))])
        var sandbox = view()
        sandbox.serverVerifiesFirst = .sandbox
        #expect(TUIUpdate.update(&state, .input(.key(.enter)), model: sandbox) == [.perform(.serverVerifyFirst(.production))])
        try expectFrame(Screen.render(state, sandbox).textRows, "faults-verify-first-at-sandbox-en-80x24")
        var chinese = TUIState(columns: 80, rows: 24, locale: "zh_CN")
        _ = TUIUpdate.update(&chinese, .input(.key(.character("f"))), model: sandbox)
        chinese.panelSelection = state.panelSelection
        try expectFrame(Screen.render(chinese, sandbox).textRows, "faults-verify-first-at-sandbox-zh-Hans-80x24")
    }
}

