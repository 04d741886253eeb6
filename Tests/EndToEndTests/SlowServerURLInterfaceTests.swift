import Foundation
import Testing
import TestSupport

/// The faults panel's outside server URL driven in tmux through the binary: `f`, `s`, the URL
/// typed, Enter; the header then names the outside server and its URL, as `server url` in a
/// script makes it, and the panel's rule shows the URL set.
@Suite(.serialized, .tags(.slow)) struct SlowServerURLInterfaceTests {
    @Test func thePanelSetsTheServerURLAndTheHeaderNamesIt() throws {
        let folder = try TemporaryFolder()
        let session = try TmuxSession(command: "\(StoreSimProcess.binary) --data-dir \(folder.path)/world", columns: 120, rows: 30)
        #expect(try session.waitFor("? help").found)
        try session.send("f")
        let panel = try session.waitFor("s server url built-in  u notifications url off")
        #expect(panel.found, "\(panel.screen)")
        try session.send("s")
        let entry = try session.waitFor("Outside server URL (server url)")
        #expect(entry.found, "\(entry.screen)")
        try session.send("-l", "http://127.0.0.1:8080")
        #expect(try session.waitFor("│ http://127.0.0.1:8080").found)
        try session.send("Enter")
        // Each awaited on its own: a frame is drawn in pieces, and a capture may catch one half-drawn.
        let named = try session.waitFor("server up  outside server http://127.0.0.1:8080")
        #expect(named.found, "the header names the outside server: \(named.screen)")
        let rule = try session.waitFor("s server url http://127.0.0.1:8080  u notifications url off")
        #expect(rule.found, "\(rule.screen)")
        let told = try session.waitFor("The app verifies with the outside server at http://127.0.0.1:8080.")
        #expect(told.found, "\(told.screen)")
        try session.send("Escape")
        #expect(try session.waitFor("q quit").found, "the panel closed")
        try session.send("q")
        #expect(try session.waitFor("EXIT=0").found)
    }

    @Test func aPastedURLIsTextWhateverItHoldsNotKeys() throws {
        let folder = try TemporaryFolder()
        let session = try TmuxSession(command: "\(StoreSimProcess.binary) --data-dir \(folder.path)/world", columns: 120, rows: 30)
        #expect(try session.waitFor("? help").found)
        try session.send("f")
        #expect(try session.waitFor("s server url built-in").found)
        try session.send("s")
        #expect(try session.waitFor("Outside server URL (server url)").found)
        try session.paste("http://paste.example/\nq")
        let pasted = try session.waitFor("│ http://paste.example/q ")
        #expect(pasted.found, "the newline is not Enter, the q does not quit: \(pasted.screen)")
        #expect(!pasted.screen.contains("EXIT="))
        try session.send("Escape")
        let unchanged = try session.waitFor("Nothing changed: s server url built-in.")
        #expect(unchanged.found, "\(unchanged.screen)")
        try session.send("Escape", "q")
        #expect(try session.waitFor("EXIT=0").found)
    }
}
