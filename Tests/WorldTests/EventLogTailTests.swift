import Foundation
import Testing
import TestSupport
@testable import WorldCore

/// Reading the timeline from its end: the newest events of a log too big to read whole, a torn
/// last line, a log written before deliveries were recorded.
@Suite struct EventLogTailTests {
    private static func line(seq: Int, text: String = "add payment com.storesim.coins.100") -> String {
        #"{"from":"App","kind":"message","seq":\#(seq),"text":"\#(text)","timeMillis":1767225600000,"to":"Store"}"#
    }

    /// A log of `count` events, written directly.
    private static func log(_ folder: TemporaryFolder, count: Int, torn: String = "") throws -> String {
        let path = folder.file("events.log")
        let handle = try #require(FileManager.default.createFile(atPath: path, contents: nil) ? FileHandle(forWritingAtPath: path) : nil)
        defer { try? handle.close() }
        var batch = ""
        for seq in 1...count {
            batch += line(seq: seq) + "\n"
            if seq % 10_000 == 0 || seq == count {
                try handle.write(contentsOf: Data(batch.utf8))
                batch = ""
            }
        }
        try handle.write(contentsOf: Data(torn.utf8))
        return path
    }

    @Test func theNewestEventsOfALogLargerThanTheTailLimitAreRead() throws {
        let folder = try TemporaryFolder()
        let count = 120_000
        let path = try Self.log(folder, count: count)
        #expect(try FileManager.default.attributesOfItem(atPath: path)[.size] as? Int ?? 0 > 8 << 20, "a log of many megabytes")
        #expect(try EventLog.readLast(2000, path: path).map(\.seq) == Array((count - 1999)...count))
        #expect(try EventLog.readLast(1, path: path).map(\.seq) == [count])
        #expect(try EventLog(path: path).lastSeq == count)
    }

    @Test func aTornLastLineIsSkippedAndDoesNotCount() throws {
        let folder = try TemporaryFolder()
        let path = try Self.log(folder, count: 50, torn: #"{"from":"App","kind":"mess"#)
        #expect(try EventLog.readLast(3, path: path).map(\.seq) == [48, 49, 50])
        #expect(try EventLog(path: path).lastSeq == 50)
    }

    /// After a torn last line, the events appended next (one at a time, or held and written
    /// together) start on a line of their own: each is read back, and the torn line is damage.
    @Test(arguments: [false, true])
    func eventsAppendedAfterATornLineAreLinesOfTheirOwn(holding: Bool) throws {
        let folder = try TemporaryFolder()
        let path = try Self.log(folder, count: 3, torn: #"{"from":"App","kind":"mess"#)
        let log = try EventLog(path: path)
        for _ in 0..<2 {
            _ = try log.append(kind: .message, timeMillis: 1767225600000, from: .app, to: .store, what: .legacy("finish transaction"),
                               subject: nil, sentSeq: nil, holding: holding)
        }
        if holding { try log.writeHeld() }
        var seqs: [Int] = []
        var damage: [EventLogDamage] = []
        try EventLog.forEach(path: path, damaged: { damage.append($0) }) { seqs.append($0.seq) }
        #expect(seqs == [1, 2, 3, 4, 5])
        #expect(damage.map(\.problem) == ["not an event"])
    }

    @Test func askingForMoreThanTheLogHoldsGivesTheWholeLog() throws {
        let folder = try TemporaryFolder()
        let path = try Self.log(folder, count: 7)
        #expect(try EventLog.readLast(100, path: path).map(\.seq) == Array(1...7))
        #expect(try EventLog.readLast(Int.max, path: path).map(\.seq) == Array(1...7))
        #expect(try EventLog.readLast(0, path: path).isEmpty)
        #expect(try EventLog.readLast(5, path: folder.file("missing.log")).isEmpty)
    }

    @Test func aLogFromBeforeDeliveriesWereRecordedReadsFromItsEnd() throws {
        let folder = try TemporaryFolder()
        let path = try folder.write("events.log", """
            {"from":"User","kind":"command","seq":1,"text":"launch (verify-then-finish)","timeMillis":1767225600000,"to":"App"}
            {"from":"App","kind":"message","seq":2,"text":"add transaction observer","timeMillis":1767225600010,"to":"Store"}

            """)
        #expect(try EventLog.readLast(1, path: path).flatMap(EventText.lines) == [
            "  00:00:00.010  App     ──▶ Store    add transaction observer",
        ])
    }

    /// `storesim timeline` streams the log: the newest N events are those `readAll` ends with,
    /// whatever N, without a torn last line; the whole log comes out in order.
    @Test func streamingTheLogGivesItsEventsOrTheNewestOnes() throws {
        let folder = try TemporaryFolder()
        let count = 3000
        let path = try Self.log(folder, count: count, torn: #"{"from":"App","kind":"mess"#)
        var all: [Int] = []
        try EventLog.forEach(path: path) { all.append($0.seq) }
        #expect(all == Array(1...count))
        for last in [1, 5, 999, count, count + 10] {
            var newest: [Int] = []
            try EventLog.forEach(path: path, last: last) { newest.append($0.seq) }
            #expect(newest == Array(all.suffix(last)))
        }
        var none: [Int] = []
        try EventLog.forEach(path: folder.file("missing.log"), last: 3) { none.append($0.seq) }
        #expect(none.isEmpty)
    }
}
