import Foundation
import Testing
import TestSupport

/// The interface started where it cannot work: a terminal type ncurses cannot drive, output that
/// is not a terminal, a window too small from the start. Each ends in one clear line (or a clear
/// screen) and leaves the terminal as it was, echoing what is typed. (No terminal at all, and a
/// window shrunk while running: InteractiveTests.)
@Suite(.serialized, .tags(.slow)) struct SlowHostileTerminalTests {
    static let unusable = "is not usable: ncurses found no terminfo description for it that can move the cursor; "
        + "try TERM=xterm-256color or use 'storesim run SCRIPT'"

    @Test(arguments: ["TERM=nonsense", "TERM=dumb", "env -u TERM"])
    func anUnusableTerminalTypeIsOneLineAndTheTerminalStaysUsable(_ setting: String) throws {
        let folder = try TemporaryFolder()
        let session = try TmuxSession(command: "\(setting) \(StoreSimProcess.binary) --data-dir \(folder.path)/world", columns: 220)
        let ended = try session.waitFor("EXIT=2")
        #expect(ended.found, "\(ended.screen)")
        let lines = ended.screen.split(separator: "\n").map(String.init).filter { !$0.trimmingCharacters(in: .whitespaces).isEmpty }
        #expect(lines.count == 2, "one error line, then the shell's EXIT line:\n\(ended.screen)")
        if setting.hasPrefix("TERM=") {
            let name = String(setting.dropFirst(5))
            #expect(lines.first == "storesim: error: the terminal type '\(name)' " + Self.unusable, "\(lines.first?.debugDescription ?? "")")
        } else {
            #expect(lines.first == "storesim: error: TERM is not set, so the terminal type is unknown; "
                    + "try TERM=xterm-256color or use 'storesim run SCRIPT'")
        }
        try session.send("typed", "Space", "after")
        #expect(try session.waitFor("typed after").found, "the terminal still echoes: it was left in its normal mode")
    }

    @Test func outputToAFileIsRefusedWithoutWritingEscapesIntoIt() throws {
        let folder = try TemporaryFolder()
        let output = folder.path + "/screen.txt"
        let session = try TmuxSession(command: "\(StoreSimProcess.binary) --data-dir \(folder.path)/world > \(output)", columns: 160)
        let ended = try session.waitFor("EXIT=2")
        #expect(ended.found, "\(ended.screen)")
        #expect(ended.screen.contains("storesim: error: standard input and output must be a terminal; to run without one, use 'storesim run SCRIPT'"))
        #expect(try String(contentsOfFile: output, encoding: .utf8).isEmpty, "no screen drawn into the file")
    }

    @Test func aWindowTooSmallFromTheStartSaysSoAndStillQuits() throws {
        let folder = try TemporaryFolder()
        let session = try TmuxSession(command: "\(StoreSimProcess.binary) --data-dir \(folder.path)/world", columns: 40, rows: 10)
        let small = try session.waitFor("terminal too small (need 80×24)")
        #expect(small.found, "\(small.screen)")
        #expect(!small.screen.contains("Catalog"), "no half-drawn interface around the message")
        try session.send("q")
        #expect(try session.waitFor("EXIT=0").found)
    }
}
