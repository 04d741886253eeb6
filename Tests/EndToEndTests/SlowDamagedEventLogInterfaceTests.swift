import Foundation
import Testing
import TestSupport

/// The TUI on a world whose `events.log` ends in a line of gigabytes without a newline: it reads
/// only the log's end and refuses it in one line, as `run` does, leaving the terminal as it was.
@Suite(.tags(.slow)) struct SlowDamagedEventLogInterfaceTests {
    @Test func theInterfaceRefusesALogEndingInAHugeLineInOneLine() throws {
        let folder = try TemporaryFolder()
        let world = try WorldOnDisk.made(in: folder, running: "buy com.storesim.coins.100\n")
        let log = world + "/events.log"
        let handle = try #require(FileHandle(forWritingAtPath: log))
        try handle.truncate(atOffset: 2 << 30)
        try handle.close()
        let stderr = folder.file("stderr")
        let session = try TmuxSession(command: "\(StoreSimProcess.binary) --data-dir \(world) 2>\(stderr)")
        let refused = try session.waitFor("EXIT=2")
        #expect(refused.found, "\(refused.screen)")
        let message = try String(contentsOfFile: stderr, encoding: .utf8)
        #expect(message.hasPrefix("storesim: error: \(log): byte \((2 << 30) - (8 << 20) - (64 << 10)): no event from here to the end of the log"),
                "\(message)")
        #expect(message.split(separator: "\n").count == 1)
        #expect(!refused.screen.contains("products:"), "the interface never opened")
    }
}
