import Foundation
import Glibc
import Testing
@testable import Storage
import TestSupport

/// Reading a file's lines a chunk at a time, forwards and from its end: lines cut by chunk
/// boundaries come out whole, a line too long is skipped rather than held, a last line without
/// a newline is still a line, and the newest lines are found without reading the rest.
@Suite struct FileLinesTests {
    /// Lines of every length around the 64 KiB chunk, so that boundaries fall everywhere.
    private static let lines: [String] = (0..<40).map { index in
        String(repeating: Character(UnicodeScalar(UInt8(65 + index % 26))), count: (index * 7919) % 150_000 + 1)
    }

    private func lines(_ path: String, from offset: Int = 0, to end: Int? = nil, max: Int = 1 << 20) throws -> [String] {
        var read: [String] = []
        try FileLines.forEach(of: path, from: offset, to: end, maxLineBytes: max) { line in
            if let bytes = line.bytes { read.append(String(decoding: bytes, as: UTF8.self)) }
        }
        return read
    }

    @Test func everyLineComesOutWholeWhereverTheChunksEnd() throws {
        let folder = try TemporaryFolder()
        let path = try folder.write("lines", Self.lines.joined(separator: "\n") + "\n")
        #expect(try lines(path) == Self.lines)
    }

    @Test func aLastLineWithoutANewlineIsALineAndEmptyLinesAreKept() throws {
        let folder = try TemporaryFolder()
        let path = try folder.write("lines", "one\n\nthree")
        #expect(try lines(path) == ["one", "", "three"])
        #expect(try lines(folder.file("missing")).isEmpty)
    }

    @Test func aLineLongerThanTheLimitIsSkippedNotHeld() throws {
        let folder = try TemporaryFolder()
        let long = String(repeating: "x", count: 300_000)
        let path = try folder.write("lines", "short\n\(long)\nafter\n\(long)")
        #expect(try lines(path, max: 100_000) == ["short", "after"])
    }

    @Test func theNewestLinesThatCountAreFoundFromTheEnd() throws {
        let folder = try TemporaryFolder()
        let path = try folder.write("lines", Self.lines.joined(separator: "\n") + "\n" + "torn")
        let size = Self.lines.reduce(0) { $0 + $1.utf8.count + 1 } + 4
        let counts: (ArraySlice<UInt8>) -> Bool = { $0.last != UInt8(ascii: "n") }
        for wanted in [1, 2, 5, 17, 39] {
            let start = try #require(try FileTail.start(ofLast: wanted, of: path, limits: Self.roomy, counts: counts))
            #expect(start.end == size && start.stretch == nil)
            #expect(try lines(path, from: start.offset, to: start.end).filter { $0.last != "n" } == Array(Self.lines.suffix(wanted)))
        }
        #expect(try FileTail.start(ofLast: 100, of: path, limits: Self.roomy, counts: counts)?.offset == 0)
        #expect(try FileTail.start(ofLast: 1, of: folder.file("missing"), limits: Self.roomy, counts: counts) == nil)
    }

    /// Limits that the lines above never reach.
    private static let roomy = TailLimits(lineBytes: 1 << 20, stretchLines: 100, stretchBytes: 8 << 20)

    /// A file of any size that ends in lines that do not count costs the limits: reading stops
    /// at the first line or byte past them and says where, never going on to the file's start.
    @Test func readingFromTheEndGivesUpInAStretchLongerThanTheLimits() throws {
        let folder = try TemporaryFolder()
        let limits = TailLimits(lineBytes: 1000, stretchLines: 4, stretchBytes: 300_000)
        let counts: (ArraySlice<UInt8>) -> Bool = { $0.first == UInt8(ascii: "{") }
        let lines = try folder.write("lines", "{1}\n{2}\nbad\n\nbad\nbad\nbad\n{3}\nbad\n\nbad\nbad")
        #expect(try FileTail.start(ofLast: 1, of: lines, limits: limits, counts: counts)
            == TailStart(offset: 25, end: 41, stretch: nil), "four lines, the last one torn, are not more than four")
        #expect(try FileTail.start(ofLast: 2, of: lines, limits: limits, counts: counts)
            == TailStart(offset: 25, end: 41, stretch: SkippedStretch(offset: 8, end: 25, lines: 5)))
        let sparse = folder.file("sparse")
        let oneLine = try #require(FileHandle(forWritingAtPath: try folder.write("sparse", "{1}\n")))
        try oneLine.truncate(atOffset: 1 << 40)
        try oneLine.close()
        let start = try #require(try FileTail.start(ofLast: 1, of: sparse, limits: limits, counts: counts))
        #expect(start.offset == 1 << 40 && start.end == 1 << 40)
        let stretch = try #require(start.stretch)
        #expect(stretch.lines == 0 && stretch.end == 1 << 40)
        #expect(stretch.bytes > limits.stretchBytes && stretch.bytes <= limits.stretchBytes + (64 << 10),
                "a terabyte without a newline is read back one chunk past the limit, no further")
    }

    @Test func aPipeIsRefusedWithoutBlocking() throws {
        let folder = try TemporaryFolder()
        let path = folder.file("pipe")
        #expect(mkfifo(path, 0o644) == 0)
        #expect(throws: StorageError(path: path, reason: .notARegularFile(.namedPipe))) { try lines(path) }
    }
}
