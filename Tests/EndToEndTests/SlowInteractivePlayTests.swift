import Foundation
import Testing
import TestSupport

/// `storesim play` in tmux: a lesson opens with its first narration, and `n` plays it through.
@Suite(.serialized, .tags(.slow)) struct SlowInteractivePlayTests {
    @Test func playingTheSeedLessonNarratesEachStepAndEndsInTheLoss() throws {
        let lesson = StoreSimProcess.projectRoot.appendingPathComponent("Scenarios/lessons/1-seed-one-window.scenario").path
        let session = try TmuxSession(command: "\(StoreSimProcess.binary) play \(lesson)")
        let opened = try session.waitFor("n ▸ step 1 of 6: strategy finish-then-cache")
        #expect(opened.found, "\(opened.screen)")
        #expect(opened.screen.contains("Lesson 1: the caching module's window, a loss."))
        #expect(opened.screen.contains("From now on the app takes that module's way"))
        // Five steps to the relaunch, and one n that first delivers what the purchase sent: the
        // expect after it waits for those messages, and so does its narration.
        for _ in 0..<6 { try session.send("n") }
        let report = try session.waitFor("Loss report")
        #expect(report.found, "the relaunch reports the loss:\n\(report.screen)")
        try session.send("Enter", "n")
        let end = try session.waitFor("✓ expect lost 1")
        #expect(end.found, "\(end.screen)")
        #expect(end.screen.contains("The script is over"))
        try session.send("q")
        #expect(try session.waitFor("EXIT=0").found)
    }
}
