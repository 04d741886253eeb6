import Foundation
import Storage
import Testing
import TestSupport

/// Stepping over long lines: a line whose first bytes claim a length, confirmed by its last
/// bytes, is not read in between; a claim the file does not confirm is read through, so a damaged
/// length costs reading, never a line.
@Suite struct FileLineSkipTests {
    private let folder: TemporaryFolder
    private var path: String { folder.path + "/lines" }

    init() throws {
        folder = try TemporaryFolder()
    }

    /// A format for these tests: `L<digits>:` claims the line's length, and a line confirms it
    /// by ending in `:<digits>`.
    private static let skip = LineSkip(headBytes: 16) { head in
        guard head.first == UInt8(ascii: "L"), let colon = head.firstIndex(of: UInt8(ascii: ":")) else { return nil }
        let digits = String(decoding: head[1..<colon], as: UTF8.self)
        return Int(digits).map { length in
            LineClaim(length: length) { tail in tail.reversed().starts(with: (":" + digits).utf8.reversed()) }
        }
    }

    /// A line of `length` bytes in that format.
    private func line(_ length: Int) -> [UInt8] {
        let start = Array("L\(length):".utf8), end = Array(":\(length)".utf8)
        return start + [UInt8](repeating: UInt8(ascii: "x"), count: length - start.count - end.count) + end
    }

    private func lines(_ bytes: [UInt8]) throws -> [LineEnds] {
        try DurableFile.write(bytes, to: path)
        var found: [LineEnds] = []
        try FileLineEnds.forEach(of: path, headBytes: 16, tailBytes: 8, atMost: 1 << 30, skip: Self.skip) { found.append($0) }
        return found
    }

    @Test func aConfirmedLongLineIsSteppedOverUnread() throws {
        // Newlines past its head would split a line that was read: stepped over, they are not seen.
        var long = line(300)
        long.replaceSubrange(20..<280, with: [UInt8](repeating: UInt8(ascii: "\n"), count: 260))
        let found = try lines(Array("short\n".utf8) + long + [10] + Array("after\n".utf8))
        #expect(found.map(\.length) == [5, 300, 5])
        #expect(found.map(\.offset) == [0, 6, 307])
        #expect(found[1].head == Array(long.prefix(16)))
        #expect(found[1].tail == Array(long.suffix(8)))
        #expect(found.map(\.terminated) == [true, true, true])
    }

    @Test func anUnconfirmedClaimIsReadThroughToTheNewline() throws {
        var damaged = line(300)
        damaged.replaceSubrange(1..<4, with: Array("301".utf8))  // claims one byte more: lands on the next line's first byte
        var over = line(300)
        over.replaceSubrange(1..<4, with: Array("305".utf8))  // lands on the next line's newline, whose end does not confirm it
        let found = try lines(damaged + [10] + over + [10] + Array("four\n".utf8))
        #expect(found.map(\.length) == [300, 300, 4])
        #expect(found[0].tail == Array(damaged.suffix(8)))
    }

    @Test func aClaimPastTheEndOrOfALastLineWithoutANewlineIsNotTaken() throws {
        var past = line(300)
        past.replaceSubrange(1..<4, with: Array("900".utf8))
        #expect(try lines(past + [10]).map(\.length) == [300])
        let torn = try lines(Array(line(300).prefix(200)))
        #expect(torn.map(\.length) == [200])
        #expect(torn.map(\.terminated) == [false])
        let whole = try lines(line(300))
        #expect(whole.map(\.length) == [300])
        #expect(whole.map(\.terminated) == [false], "a claim that needs a newline past the end is not taken")
    }

    @Test func longLinesAcrossManyChunksAreFoundWhetherSteppedOverOrRead() throws {
        var bytes: [UInt8] = []
        var expected: [Int] = []
        for number in 0..<40 {
            let length = 1_000 + number * 7_919 % 90_000
            var next = line(length)
            if number % 3 == 0 { next[2] = UInt8(ascii: "x") }  // a damaged claim: read through instead
            bytes += next + [10] + Array("r\(number)\n".utf8)
            expected += [length, "r\(number)".utf8.count]
        }
        #expect(try lines(bytes).map(\.length) == expected)
    }
}
