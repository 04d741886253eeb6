import IAPCore
import ScenarioLanguage
import Testing
@testable import StoreTUI

/// The timeline draws a message when it is sent: in flight until delivered, the one delivered
/// next highlighted in step mode, and a crash below what the app had already sent.
@Suite struct TimelineFlightTests {
    @Test func stepModeShowsSentMessagesInFlightAndHighlightsTheNext() throws {
        let world = try TUIWorld()
        let buffers = try world.buffers(.settle + [.key(.character("s")), .key(.enter), .key(.enter), .capture,
                                                   .key(.space), .capture, .key(.space), .capture], columns: 120)
        #expect(buffers.count == 3)
        try expectFrame(buffers[0].textRows, "step-mode-add-payment-next-en-120x24")
        try expectFrame(buffers[1].textRows, "step-mode-purchasing-next-purchased-in-flight-en-120x24")
        try expectFrame(buffers[2].textRows, "step-mode-purchased-next-en-120x24")
        let first = try #require(buffers.dropFirst().first)
        let rows = first.textRows
        let purchasingY = try #require(rows.lastIndex { $0.contains("purchasing com.storesim.coin") })
        #expect(first[x: 0, y: purchasingY].style.contains(.reverse))
    }

    /// A reply the network lost never reads as delivered: its row is dashed to a red ✗, and the
    /// drop's row below only says why, with no arrow of its own.
    @Test func aLostReplyEndsInACrossAndItsDropOnlySaysWhy() throws {
        let buffers = try TUIWorld().buffers(.settle + [.key(.character("f")), .key(.down), .key(.enter), .key(.enter),
                                                        .key(.escape), .key(.enter), .key(.enter)] + .settle + [.capture],
                                             columns: 120)
        let frame = try #require(buffers.first)
        let rows = frame.textRows
        try expectFrame(rows, "lost-reply-crossed-en-120x24")
        let reply = try #require(rows.first { $0.contains("credited tx 1000000000000001: +100 coins") })
        let y = try #require(rows.firstIndex(of: reply))
        #expect(frame[x: reply.distance(to: "✗"), y: y].color == .red)
    }

    @Test func scrolledBackInStepModeTheNextMessageStillWaitsOnTheLastRow() throws {
        let frames = try TUIWorld().session(.settle + [.key(.character("s")), .key(.enter), .key(.enter),
                                                       .key(.pageUp), .capture])
        try expectFrame(try #require(frames.first), "step-mode-scrolled-back-en-80x24")
    }

    @Test func aSettledTimelineHasNothingInFlight() throws {
        let frames = try TUIWorld().session(.settle + [.key(.enter), .key(.enter)] + .settle + [.capture])
        try expectFrame(try #require(frames.first), "bought-100-coins-en-80x24")
    }

    @Test func aCrashIsDrawnBelowTheFinishTheAppHadSent() throws {
        let world = try TUIWorld()
        try world.folder.world(seed: 3).perform(.strategy(.finishThenCache))
        let frames = try world.session(.settle + [.key(.character("x")), .key(.character("6")), .key(.enter),
                                                  .key(.enter)] + .settle + [.capture])
        try expectFrame(try #require(frames.first), "crashed-at-finished-finish-then-cache-en-80x24")
    }
}

private extension String {
    /// The column of the first `mark` in a row of single-width cells (the lanes' part).
    func distance(to mark: Character) -> Int {
        firstIndex(of: mark).map { self.distance(from: startIndex, to: $0) } ?? -1
    }
}
