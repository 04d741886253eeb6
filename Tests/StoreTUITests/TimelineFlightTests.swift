import IAPCore
import Simulator
import Testing
@testable import StoreTUI

/// The timeline draws a message when it is sent: in flight until delivered, the one delivered
/// next highlighted in step mode, and a crash below what the app had already sent.
@Suite struct TimelineFlightTests {
    private func row(_ rows: [String], _ text: String) throws -> String {
        try #require(rows.last { $0.contains(text) }, "no row shows '\(text)'")
    }

    @Test func stepModeShowsSentMessagesInFlightAndHighlightsTheNext() throws {
        let world = try TUIWorld()
        let buffers = try world.buffers(.settle + [.key(.character("s")), .key(.enter), .key(.enter), .capture,
                                                   .key(.space), .capture, .key(.space), .capture], columns: 120)
        #expect(buffers.count == 3)
        let sent = try #require(buffers.first).textRows
        #expect(try row(sent, "add payment com.storesim.co").hasPrefix("next ▸"))
        let first = try #require(buffers.dropFirst().first)
        let rows = first.textRows
        let purchasing = try row(rows, "purchasing com.storesim.coin")
        let purchased = try row(rows, "purchased com.storesim.coin")
        #expect(purchasing.hasPrefix("next ▸"), "the Store sent purchasing first, so it is delivered first")
        #expect(purchasing.contains("waiting: purchasing"))
        #expect(purchased.hasPrefix("in flight"))
        #expect(purchased.contains("◁┄┄┄┄┄┄┄●"))
        #expect(try row(rows, "add payment com.storesim.coins.100").hasPrefix("00:00:00.030"), "delivered: the time it was sent")
        let purchasingY = try #require(rows.lastIndex(of: purchasing))
        #expect(rows[purchasingY + 1] == purchased, "both wait, in the order sent")
        #expect(first[x: 0, y: purchasingY].style.contains(.reverse))
        let second = try #require(buffers.last).textRows
        #expect(try row(second, "purchasing com.storesim.coin").hasPrefix("00:00:00.040"))
        #expect(try row(second, "purchased com.storesim.coin").contains("waiting: purchased"))
        #expect(!second.contains { $0.hasPrefix("in flight") })
    }

    /// A reply the network lost never reads as delivered: its row is dashed to a red ✗, and the
    /// drop's row below only says why, with no arrow of its own.
    @Test func aLostReplyEndsInACrossAndItsDropOnlySaysWhy() throws {
        let buffers = try TUIWorld().buffers(.settle + [.key(.character("f")), .key(.down), .key(.enter), .key(.enter),
                                                        .key(.escape), .key(.enter), .key(.enter)] + .settle + [.capture],
                                             columns: 120)
        let frame = try #require(buffers.first)
        let rows = frame.textRows
        let reply = try #require(rows.first { $0.contains("credited tx 1000000000000001: +100 coins") })
        #expect(reply.contains("✗┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄●"), "\(reply)")
        let y = try #require(rows.firstIndex(of: reply))
        #expect(frame[x: reply.distance(to: "✗"), y: y].color == .red)
        let why = rows[y + 1]
        #expect(why.contains("credited tx 1000000000000001: +100 coins ✗ the Server's reply was lost"), "\(why)")
        #expect(!why.contains("───") && !why.contains("┄"), "the drop draws no arrow of its own: \(why)")
    }

    @Test func scrolledBackInStepModeTheNextMessageStillWaitsOnTheLastRow() throws {
        let frames = try TUIWorld().session(.settle + [.key(.character("s")), .key(.enter), .key(.enter),
                                                       .key(.pageUp), .capture])
        let screen = try #require(frames.first)
        let waiting = try #require(screen.firstIndex { $0.hasPrefix("next ▸") })
        #expect(screen[waiting].contains("waiting: add payment"))
        #expect(screen[21].contains("com.storesim.coins.100"), "its words run to the last timeline row")
        #expect(screen.filter { $0.contains("add payment") }.count == 1, "its own row is scrolled out of view")
    }

    @Test func aSettledTimelineHasNothingInFlight() throws {
        let frames = try TUIWorld().session(.settle + [.key(.enter), .key(.enter)] + .settle + [.capture])
        let screen = try #require(frames.first)
        #expect(screen.contains { $0.contains("credited tx 1000000000000001") })
        #expect(!screen.contains { $0.hasPrefix("in flight") || $0.hasPrefix("next ▸") })
    }

    @Test func aCrashIsDrawnBelowTheFinishTheAppHadSent() throws {
        let world = try TUIWorld()
        try world.folder.world(seed: 3).perform(.strategy(.finishThenCache))
        let frames = try world.session(.settle + [.key(.character("x")), .key(.character("6")), .key(.enter),
                                                  .key(.enter)] + .settle + [.capture])
        let screen = try #require(frames.first)
        let finish = try #require(screen.firstIndex { $0.contains("●───────▶") && $0.contains("finish transaction") })
        let crash = try #require(screen.firstIndex { $0.contains("✗ the app crashed at finished") })
        #expect(finish < crash)
        #expect(!screen.contains { $0.contains("save pending order") }, "the app died before it cached")
    }
}

private extension String {
    /// The column of the first `mark` in a row of single-width cells (the lanes' part).
    func distance(to mark: Character) -> Int {
        firstIndex(of: mark).map { self.distance(from: startIndex, to: $0) } ?? -1
    }
}
