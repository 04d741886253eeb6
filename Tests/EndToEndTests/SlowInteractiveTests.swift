import Foundation
import Testing
import TestSupport

/// The TUI driven in tmux: buy, crash for real, relaunch, see the recovery; resize; the lock.
@Suite(.serialized, .tags(.slow)) struct SlowInteractiveTests {
    @Test func buyCrashAtCachedRelaunchAndSeeTheRecovery() throws {
        let folder = try TemporaryFolder()
        let command = "\(StoreSimProcess.binary) --data-dir \(folder.path)/world"
        let first = try TmuxSession(command: command)
        #expect(try first.waitFor("products: 6 valid").found)
        try first.send("x", "3")
        #expect(try first.waitFor("crash armed: cached").found)
        try first.send("Down", "Enter")
        #expect(try first.waitFor("[Enter] Confirm").found)
        try first.send("Enter")
        let crashed = try first.waitFor("EXIT=137")
        #expect(crashed.found, "the crash kills the process with SIGKILL:\n\(crashed.screen)")
        #expect(crashed.screen.contains("storesim: the app crashed at cached"))
        // The terminal wraps the line at its width: read it with the wraps taken out.
        let unwrapped = crashed.screen.replacingOccurrences(of: "\n", with: "")
        #expect(unwrapped.contains("The next launch will show 1 to recover and 0 lost."), "\(crashed.screen)")
        #expect(unwrapped.contains("To see it: \(StoreSimProcess.binary) --data-dir \(folder.path)/world"), "\(crashed.screen)")

        let second = try TmuxSession(command: command)
        let report = try second.waitFor("credited now")
        #expect(report.found, "\(report.screen)")
        #expect(report.screen.contains("Recovery report"))
        #expect(report.screen.contains("launch recovered 1 purchase"))
        #expect(report.screen.contains("550 Coins (tx 1000000000000001"))
        try second.send("Enter")
        #expect(try second.waitFor("Server ledger (1 credit)").found)
        try second.send("q")
        #expect(try second.waitFor("EXIT=0").found)
        let audit = try StoreSimProcess.run(["audit", "--json", "--data-dir", folder.path + "/world"])
        #expect(audit.stdout.contains("\"credited\": 1, \"pending\": 0, \"unfinished\": 0, \"recoverable\": 0, \"lost\": 0"))
    }

    @Test func aPurchaseLostUnderFinishFirstIsReportedOnTheRelaunch() throws {
        let folder = try TemporaryFolder()
        let command = "\(StoreSimProcess.binary) --data-dir \(folder.path)/world --strategy finish-first"
        let first = try TmuxSession(command: command)
        #expect(try first.waitFor("products: 6 valid").found)
        try first.send("x", "6")
        #expect(try first.waitFor("crash armed: finished").found)
        try first.send("Enter")
        #expect(try first.waitFor("[Enter] Confirm").found)
        try first.send("Enter")
        let crashed = try first.waitFor("EXIT=137")
        #expect(crashed.found, "the crash kills the process with SIGKILL:\n\(crashed.screen)")

        let second = try TmuxSession(command: command)
        let report = try second.waitFor("lost, paid")
        #expect(report.found, "\(report.screen)")
        #expect(report.screen.contains("Loss report"))
        #expect(report.screen.contains("100 Coins (tx 1000000000000001): lost, paid $0.99 under finish-first"))
        #expect(report.screen.contains("lost 1 · recoverable 0 · double-credited 0"))
        try second.send("Enter")
        let dismissed = try second.waitFor("Timeline")
        #expect(!dismissed.screen.contains("Loss report"))
        #expect(dismissed.screen.contains("lost 1 · recoverable 0 · double-credited 0"), "the badge stays while the loss does")
        try second.send("q")
        #expect(try second.waitFor("EXIT=0").found)
        let audit = try StoreSimProcess.run(["audit", "--data-dir", folder.path + "/world"])
        #expect(audit.stdout.contains("why it cannot be recovered: finished before the Server credited it, with no cache"))
    }

    /// Only a real terminal shows whether the screen and the terminal agree on widths: a title
    /// with wide emoji keeps the letters after them and the divider in its column, and a
    /// right-to-left override is shown escaped.
    @Test func wideEmojiAndAnOverrideShowAsTheScreenMeantInARealTerminal() throws {
        let folder = try TemporaryFolder()
        func product(_ id: String, _ title: String) -> String {
            #"{"id": "\#(id)", "type": "consumable", "referenceName": "\#(title)", "price": "0.99", "grant": {"coins": 1}, "#
                + #""localizations": {"en_US": {"title": "\#(title)", "description": "d"}}}"#
        }
        let catalog = try folder.write("catalog.json", #"{"storefront": "USA", "products": ["#
            + [product("com.example.a", "Plain title"), product("com.example.b", "Rocket 🚀✅ok"),
               product("com.example.c", "Evil\\u202Etxt.exe")].joined(separator: ", ") + "]}")
        let session = try TmuxSession(command: "\(StoreSimProcess.binary) --data-dir \(folder.path)/world --catalog \(catalog)")
        let shown = try session.waitFor("products: 3 valid")
        #expect(shown.found, "\(shown.screen)")
        let rows = shown.screen.split(separator: "\n").map(String.init)
        let plain = try #require(rows.first { $0.contains("Plain title") })
        let rocket = try #require(rows.first { $0.contains("Rocket") })
        let divider = { (row: String) in row.firstIndex(of: "│").map { row.distance(from: row.startIndex, to: $0) } }
        #expect(rocket.contains("Rocket 🚀✅ok "), "\(rocket)")
        #expect(divider(rocket) == divider(plain).map { $0 - 2 }, "\n\(plain)\n\(rocket)")
        #expect(shown.screen.contains("Evil<U+202E>txt.exe"))
        try session.send("q")
        #expect(try session.waitFor("EXIT=0").found)
    }

    @Test func tooSmallAndBack() throws {
        let folder = try TemporaryFolder()
        let session = try TmuxSession(command: "\(StoreSimProcess.binary) --data-dir \(folder.path)/world")
        #expect(try session.waitFor("products: 6 valid").found)
        try session.resize(columns: 70, rows: 20)
        let small = try session.waitFor("terminal too small (need 80×24)")
        #expect(small.found, "\(small.screen)")
        try session.resize(columns: 100, rows: 30)
        let back = try session.waitFor("Timeline")
        #expect(back.found)
        #expect(!back.screen.contains("too small"))
        try session.send("q")
        #expect(try session.waitFor("EXIT=0").found)
    }

    @Test func aSecondWriterIsRefusedWhileTheInterfaceRuns() throws {
        let folder = try TemporaryFolder()
        let session = try TmuxSession(command: "\(StoreSimProcess.binary) --data-dir \(folder.path)/world")
        #expect(try session.waitFor("products: 6 valid").found)
        let script = try folder.write("buy.scenario", "buy com.storesim.coins.100\n")
        let second = try StoreSimProcess.run(["run", "--data-dir", folder.path + "/world", script])
        #expect(second.status == 2)
        #expect(second.stderr.contains("in use by process"))
        #expect(second.stderr.contains("the interactive interface"))
        let state = try StoreSimProcess.run(["state", "--data-dir", folder.path + "/world"])
        #expect(state.status == 0, "state only reads, beside the running interface")
        try session.send("q")
        #expect(try session.waitFor("EXIT=0").found)
    }

    /// An Xcode file's `_locale` is the product language unless `--lang` says otherwise, and
    /// its `_askToBuyEnabled` turns the Store's switch on in the new world: the header shows it.
    @Test func anXcodeFilesLocaleAndAskToBuyReachTheInterface() throws {
        let folder = try TemporaryFolder()
        let original = try String(contentsOf: StoreSimProcess.projectRoot.appendingPathComponent("Scenarios/storekit-v2-crash-recovery.storekit"), encoding: .utf8)
        let catalog = try folder.write("App.storekit", original
            .replacingOccurrences(of: "\"_locale\" : \"en_US\"", with: "\"_locale\" : \"zh_Hans\"")
            .replacingOccurrences(of: "\"_askToBuyEnabled\" : false", with: "\"_askToBuyEnabled\" : true"))
        let chinese = try TmuxSession(command: "\(StoreSimProcess.binary) --catalog \(catalog) --data-dir \(folder.path)/world")
        // A zh locale puts the whole interface in Simplified Chinese, not only the titles.
        let screen = try chinese.waitFor("商品：5 个有效")
        #expect(screen.found, "\(screen.screen)")
        #expect(screen.screen.contains("▶ 小宝石包"), "the zh_Hans title, as zh_CN")
        #expect(screen.screen.contains("购买前询问 开"), "the file's Ask to Buy, in the header")
        try chinese.send("q")
        #expect(try chinese.waitFor("EXIT=0").found)
        let english = try TmuxSession(command: "\(StoreSimProcess.binary) --lang en --catalog \(catalog) --data-dir \(folder.path)/world")
        #expect(try english.waitFor("▶ Small Gem Pack").found)
        try english.send("q")
        #expect(try english.waitFor("EXIT=0").found)
    }

    @Test func withoutATerminalItSaysToUseRun() throws {
        let folder = try TemporaryFolder()
        let result = try StoreSimProcess.run(["--data-dir", folder.path + "/world"])
        #expect(result.status == 2)
        #expect(result.stderr == "storesim: error: standard input and output must be a terminal; to run without one, use 'storesim run SCRIPT'\n")
    }
}
