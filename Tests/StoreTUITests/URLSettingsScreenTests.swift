import Foundation
import IAPCore
import ReadSide
import ScenarioLanguage
import Testing
@testable import StoreTUI

/// The faults panel's URL settings: `s` types the outside server's URL (`server url`), `u` the
/// notifications URL (`server notifications url`), each in an entry dialog prefilled with the
/// URL set now. The panel shows both values on the rule above its bottom edge; Enter applies the
/// text as the scenario line would, an empty text puts the built-in Server back, Esc changes
/// nothing, and a URL the scenario language refuses keeps the dialog open with the refusal on
/// the status line.
@Suite struct URLSettingsScreenTests {
    static let server = "http://127.0.0.1:8080"
    static let notifications = "http://127.0.0.1:9000/apple/notifications"

    /// A state at 80×24 in `locale` with the faults panel open.
    private func panel(_ view: WorldView, locale: String = "en_US") -> TUIState {
        var state = TUIState(columns: 80, rows: 24, locale: locale)
        _ = TUIUpdate.update(&state, .input(.key(.character("f"))), model: view)
        return state
    }

    /// Presses each key in turn; returns the effects of the last.
    @discardableResult
    private func press(_ keys: [Key], _ state: inout TUIState, _ view: WorldView) -> [TUIEffect] {
        var effects: [TUIEffect] = []
        for key in keys { effects = TUIUpdate.update(&state, .input(.key(key)), model: view) }
        return effects
    }

    private func typing(_ text: String) -> [Key] {
        text.map { $0 == " " ? .space : .character($0) }
    }

    @Test func thePanelShowsBothURLSettingsBesideTheOthers() throws {
        var view = WorldViewFixture.view()
        let unset = Screen.render(panel(view), view).textRows
        #expect(unset.contains { $0.contains("├─ s server url built-in  u notifications url off ─") }, "\(unset.joined(separator: "\n"))")
        #expect(unset.contains { $0.contains("└─ a API storekit1  n notifications off ─") })
        view.settings.serverURL = Self.server
        view.notificationsURL = Self.notifications
        let set = Screen.render(panel(view), view).textRows
        try expectFrame(set, "fixture-faults-urls-set-en-80x24")
        #expect(set.contains { $0.contains("├─ s server url \(Self.server)  u notifications url http://127.0.0.… ─┤") },
                "the shorter URL whole, the longer cut to what is left")
        let chinese = Screen.render(panel(view, locale: "zh_CN"), view).textRows
        try expectFrame(chinese, "fixture-faults-urls-set-zh-Hans-80x24")
        #expect(chinese.contains { $0.contains("s 服务器 URL \(Self.server)  u 通知 URL http://127.0.0.1:9000/ap…") })
    }

    @Test func aURLTooLongForThePanelEndsInAnEllipsisAndTheOtherStaysWhole() {
        var view = WorldViewFixture.view()
        view.settings.serverURL = "https://backend.example.com/" + String(repeating: "verify/", count: 12)
        let rows = Screen.render(panel(view), view).textRows
        #expect(rows.contains { $0.contains("├─ s server url https://backend.example.com/veri…  u notifications url off ─") },
                "\(rows.joined(separator: "\n"))")
    }

    @Test func theEntryTypesDeletesAndMovesAtTheCursor() throws {
        let view = WorldViewFixture.view()
        var state = panel(view)
        press([.character("s")], &state, view)
        #expect(state.mode == .urlEntry(URLEntry(.server, text: "")))
        press(typing("http:/127.0.0.1:8080q"), &state, view)
        #expect(state.mode == .urlEntry(URLEntry(.server, text: "http:/127.0.0.1:8080q")), "q types, it does not quit")
        press([.backspace], &state, view)
        press([.left] + Array(repeating: .left, count: 13) + [.character("/")], &state, view)
        let rows = Screen.render(state, view).textRows
        try expectFrame(rows, "fixture-url-entry-en-80x24")
        #expect(rows.contains { $0.contains("Outside server URL (server url)") })
        #expect(rows.contains { $0.contains("│ \(Self.server) ") })
        #expect(rows.contains { $0.contains("Empty: the built-in Server verifies the app's purchases (built-in).") })
        #expect(rows.last?.contains("Enter apply  Esc cancel  ←→ move  Backspace delete") == true, "\(rows.last ?? "")")
    }

    @Test func aURLLongerThanTheFieldShowsAsMuchAsFitsWithTheCursorInView() throws {
        let view = WorldViewFixture.view()
        var state = panel(view)
        let long = "http://backend.example.com/" + String(repeating: "a", count: 120) + "/end"
        press([.character("s")] + typing(long) + [.left, .left], &state, view)
        let nearEnd = Screen.render(state, view).textRows.joined(separator: "\n")
        #expect(nearEnd.contains("aaaa/end "), "the text after the cursor stays in view: \(nearEnd)")
        press(Array(repeating: .left, count: 100), &state, view)
        let middle = Screen.render(state, view).textRows.joined(separator: "\n")
        #expect(!middle.contains("/end"), "the field follows the cursor back: \(middle)")
        #expect(middle.contains("│ aaaaaaaaaaaaaaaaaaaa"), "the text from the cursor on fills the field: \(middle)")
        press(Array(repeating: .left, count: 200), &state, view)
        #expect(Screen.render(state, view).textRows.contains { $0.contains("│ http://backend.example.com/aaaa") })
    }

    @Test func aPasteGoesInWholeAtTheCursorItsControlCharactersLeftOutAndIsNothingElsewhere() {
        let view = WorldViewFixture.view()
        var state = panel(view)
        #expect(TUIUpdate.update(&state, .input(.paste("q")), model: view).isEmpty)
        #expect(state.mode == .faults, "a paste is not keys: its q does not close the panel")
        press([.character("s")], &state, view)
        #expect(TUIUpdate.update(&state, .input(.paste("http://x.example/\nq\t")), model: view).isEmpty)
        #expect(state.mode == .urlEntry(URLEntry(.server, text: "http://x.example/q")))
    }

    @Test func escLeavesTheSettingAsItWas() {
        var view = WorldViewFixture.view()
        view.notificationsURL = Self.notifications
        var state = panel(view)
        press([.character("u")], &state, view)
        #expect(state.mode == .urlEntry(URLEntry(.notifications, text: Self.notifications)), "prefilled with the URL set now")
        let effects = press([.backspace, .backspace, .character("x"), .escape], &state, view)
        #expect(effects.isEmpty)
        #expect(state.mode == .faults)
        #expect(state.status == "Nothing changed: u notifications url \(Self.notifications).")
    }

    @Test func enterAppliesTheURLAsTheScenarioLineDoes() {
        let view = WorldViewFixture.view()
        var state = panel(view)
        let server = press([.character("s")] + typing(Self.server) + [.enter], &state, view)
        #expect(server == [.perform(.serverURL(Self.server))])
        #expect(state.mode == .faults)
        #expect(state.status == "The app verifies with the outside server at \(Self.server).")
        let notifications = press([.character("u")] + typing(Self.notifications) + [.enter], &state, view)
        #expect(notifications == [.perform(.serverNotificationsURL(Self.notifications))])
        #expect(state.status == "Server notifications url \(Self.notifications).")
    }

    @Test func anEmptyTextPutsTheBuiltInServerBack() {
        var view = WorldViewFixture.view()
        view.settings.serverURL = Self.server
        view.notificationsURL = Self.notifications
        var state = panel(view)
        let deleteServer = Array(repeating: Key.backspace, count: Self.server.count)
        #expect(press([.character("s")] + deleteServer + [.enter], &state, view) == [.perform(.serverURL(nil))])
        #expect(state.status == "The app verifies with the built-in Server.")
        let deleteNotifications = Array(repeating: Key.backspace, count: Self.notifications.count)
        #expect(press([.character("u")] + deleteNotifications + [.enter], &state, view) == [.perform(.serverNotificationsURL(nil))])
        #expect(state.status == "Server notifications url off.")
        #expect(press([.character("s")] + deleteServer + typing("built-in") + [.enter], &state, view) == [.perform(.serverURL(nil))],
                "the scenario's word for none works as in a script")
    }

    @Test func aBadURLIsRefusedWithTheScenarioLanguagesWordsAndTheEntryStaysOpen() throws {
        let view = WorldViewFixture.view()
        var state = panel(view)
        let effects = press([.character("s")] + typing("ftp://127.0.0.1") + [.enter], &state, view)
        #expect(effects.isEmpty)
        #expect(state.mode == .urlEntry(URLEntry(.server, text: "ftp://127.0.0.1")), "the text stays, to be mended")
        let problem = try #require(OutsideURL.problem("ftp://127.0.0.1"))
        let rows = Screen.render(state, view).textRows
        let status = rows[22].trimmingCharacters(in: .whitespaces)
        #expect(status == "Not done: \(problem)", "\(rows[22])")
        #expect(status == "Not done: \"ftp://127.0.0.1\" is not an http:// or https:// URL with a host")
        let spaced = press([.escape, .character("s")] + typing("http://a b") + [.enter], &state, view)
        #expect(spaced.isEmpty)
        #expect(state.status == "Not done: \"http://a b\" is not a URL: it holds spaces, control or non-ASCII characters")

        var chinese = panel(view, locale: "zh_CN")
        press([.character("u")] + typing("127.0.0.1:9000") + [.enter], &chinese, view)
        let chineseRows = Screen.render(chinese, view).textRows
        try expectFrame(chineseRows, "fixture-url-entry-refused-zh-Hans-80x24")
        #expect(chineseRows[22].hasPrefix("未执行：\"127.0.0.1:9000\" is not an http:// or https:// URL with a host"), "\(chineseRows[22])")
        #expect(chineseRows.contains { $0.contains("通知 URL（server notifications url）") })
    }

    @Test func helpListsTheKeys() {
        let view = WorldViewFixture.view()
        var state = TUIState(columns: 160, rows: 50)
        press([.character("?")], &state, view)
        let help = Screen.render(state, view).textRows.joined(separator: "\n")
        #expect(help.contains("faults: ↑↓ select, Enter toggle, a API, n notifications, s server URL, u notifications URL, t TEST, Esc close"),
                "\(help)")
    }
}
