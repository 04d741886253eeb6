import Foundation
import Testing
import TestSupport

/// The interface's added worlds in tmux: a lesson opens from `?` in any folder (the lessons are
/// built into the binary), and the fresh worlds' temporary folders are gone when the interface
/// quits and when a real crash of the opened world ends it.
@Suite(.serialized, .tags(.slow)) struct SlowWorldsInterfaceTests {
    @Test func aLessonOpensFromHelpInAFolderWithoutTheScriptsAndItsWorldGoesAtQuit() throws {
        let (elsewhere, temporary) = (try TemporaryFolder(), try TemporaryFolder())
        let session = try TmuxSession(command: "cd \(elsewhere.path) && \(StoreSimProcess.binary) --data-dir \(elsewhere.path)/world",
                                      environment: ["TMPDIR": temporary.path])
        #expect(try session.waitFor("? help").found)
        try session.send("?")
        #expect(try session.waitFor("1–5 open a lesson").found)
        try session.send("1")
        let opened = try session.waitFor("n ▸ step 1 of 6: strategy finish-then-cache")
        #expect(opened.found, "\(opened.screen)")
        #expect(try Self.worlds(in: temporary).count == 1, "the lesson's world is a temporary folder of its own")
        for _ in 0..<6 { try session.send("n") }
        let report = try session.waitFor("Loss report")
        #expect(report.found, "\(report.screen)")
        try session.send("Enter", "q")
        #expect(try session.waitFor("EXIT=0").found)
        #expect(try Self.worlds(in: temporary).isEmpty, "quitting removes the lesson's world")
        #expect(FileManager.default.fileExists(atPath: "\(elsewhere.path)/world/store.sqlite"), "the opened world is kept")
    }

    @Test func aRealCrashOfTheOpenedWorldRemovesTheFreshWorldsFirst() throws {
        let (folder, temporary) = (try TemporaryFolder(), try TemporaryFolder())
        let session = try TmuxSession(command: "\(StoreSimProcess.binary) --data-dir \(folder.path)", environment: ["TMPDIR": temporary.path])
        #expect(try session.waitFor("? help").found)
        try session.send("w")
        #expect(try session.waitFor("n fresh world").found)
        try session.send("n")
        #expect(try session.waitFor("Fresh world 2").found)
        #expect(try Self.worlds(in: temporary).count == 1)
        try session.send("w")
        #expect(try session.waitFor("a crash ends StoreSim for real").found)
        try session.send("1")
        #expect(try session.waitFor("Showing world 1.").found)
        try session.send("x")
        #expect(try session.waitFor("crash now").found)
        try session.send("0")
        let ended = try session.waitFor("EXIT=137")
        #expect(ended.found, "\(ended.screen)")
        #expect(ended.screen.contains("storesim: the app crashed between two messages."))
        #expect(try Self.worlds(in: temporary).isEmpty, "the fresh world went before the kill")
    }

    /// The temporary worlds in `folder`.
    private static func worlds(in folder: TemporaryFolder) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasPrefix("storesim-run-") }
    }
}
