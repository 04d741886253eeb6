import IAPCore
import Simulator
import Testing
@testable import StoreTUI

/// The faults panel's two settings keys: `a` switches the app's StoreKit API and `n` turns App
/// Store Server Notifications on or off, each sending the scenario language's command, and the
/// panel shows the current value of each.
@Suite struct FaultsPanelSettingsTests {
    /// The panel's rows with the spaces taken out, in `locale`.
    private func panel(_ view: WorldView, locale: String = "en_US") -> String {
        var state = TUIState(columns: 80, rows: 24, locale: locale)
        _ = TUIUpdate.update(&state, .input(.key(.character("f"))), model: view)
        return Screen.render(state, view).textRows.map { $0.filter { $0 != " " } }.joined(separator: "\n")
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

    @Test func thePanelShowsTheCurrentValues() {
        var view = WorldViewFixture.view()
        let before = panel(view)
        #expect(before.contains("└─aAPIstorekit1nnotificationsoff─"), "\(before)")
        view.settings.api = .storekit2
        view.serverNotificationsOn = true
        let after = panel(view)
        #expect(after.contains("└─aAPIstorekit2nnotificationson─"), "\(after)")
        let chinese = panel(view, locale: "zh_CN")
        #expect(chinese.contains("└─a接口storekit2n服务器通知开─"), "\(chinese)")
    }

    @Test func pressingTheKeysChangesTheWorld() throws {
        let world = try TUIWorld()
        let frames = try world.session(.settle + [.key(.character("f")), .capture, .key(.character("a")), .key(.character("n"))]
                                       + .settle + [.capture])
        let before = try #require(frames.first).map { $0.filter { $0 != " " } }.joined(separator: "\n")
        #expect(before.contains("└─aAPIstorekit1nnotificationsoff─"), "\(before)")
        let after = try #require(frames.last).map { $0.filter { $0 != " " } }.joined(separator: "\n")
        #expect(after.contains("└─aAPIstorekit2nnotificationson─"), "\(after)")
    }
}
