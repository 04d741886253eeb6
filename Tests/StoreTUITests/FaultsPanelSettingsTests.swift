import IAPCore
import ReadSide
import ScenarioLanguage
import Testing
@testable import StoreTUI

/// The faults panel's two settings keys: `a` switches the app's StoreKit API and `n` turns App
/// Store Server Notifications on or off, each sending the scenario language's command, and the
/// panel shows the current value of each.
@Suite struct FaultsPanelSettingsTests {
    /// The screen with the panel open, in `locale`.
    private func panel(_ view: WorldView, locale: String = "en_US") -> [String] {
        var state = TUIState(columns: 80, rows: 24, locale: locale)
        _ = TUIUpdate.update(&state, .input(.key(.character("f"))), model: view)
        return Screen.render(state, view).textRows
    }

    @Test func theKeysSendTheScenarioCommands() {
        var state = TUIState(columns: 80, rows: 24)
        var view = WorldViewFixture.view()
        _ = TUIUpdate.update(&state, .input(.key(.character("f"))), model: view)
        #expect(TUIUpdate.update(&state, .input(.key(.character("a"))), model: view) == [.perform(.api(.storekit2))])
        #expect(TUIUpdate.update(&state, .input(.key(.character("n"))), model: view) == [.perform(.serverNotifications(on: true))])
        view.settings.api = .storekit2
        view.serverNotificationsOn = true
        #expect(TUIUpdate.update(&state, .input(.key(.character("a"))), model: view) == [.perform(.api(.storekit1))])
        #expect(TUIUpdate.update(&state, .input(.key(.character("n"))), model: view) == [.perform(.serverNotifications(on: false))])
        #expect(state.mode == .faults)
    }

    @Test func thePanelShowsTheCurrentValues() throws {
        var view = WorldViewFixture.view()
        let before = panel(view)
        try expectFrame(before, "fixture-faults-storekit1-notifications-off-en-80x24")
        view.settings.api = .storekit2
        view.serverNotificationsOn = true
        let after = panel(view)
        try expectFrame(after, "fixture-faults-storekit2-notifications-on-en-80x24")
        let chinese = panel(view, locale: "zh_CN")
        try expectFrame(chinese, "fixture-faults-storekit2-notifications-on-zh-Hans-80x24")
    }

    @Test func pressingTheKeysChangesTheWorld() throws {
        let world = try TUIWorld()
        let frames = try world.session(.settle + [.key(.character("f")), .capture, .key(.character("a")), .key(.character("n"))]
                                       + .settle + [.capture])
        try expectFrame(try #require(frames.first), "faults-en-80x24")
        try expectFrame(try #require(frames.last), "faults-storekit2-notifications-on-en-80x24")
    }
}
