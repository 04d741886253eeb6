import Foundation
import Glibc
import Testing
import Storage
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
            let start = try #require(try FileTail.start(ofLast: wanted, of: path, maxLineBytes: 1 << 20, counts: counts))
            #expect(start.end == size)
            #expect(try lines(path, from: start.offset, to: start.end).filter { $0.last != "n" } == Array(Self.lines.suffix(wanted)))
        }
        #expect(try FileTail.start(ofLast: 100, of: path, maxLineBytes: 1 << 20, counts: counts)?.offset == 0)
        #expect(try FileTail.start(ofLast: 1, of: folder.file("missing"), maxLineBytes: 10, counts: counts) == nil)
    }

    @Test func aPipeIsRefusedWithoutBlocking() throws {
        let folder = try TemporaryFolder()
        let path = folder.file("pipe")
        #expect(mkfifo(path, 0o644) == 0)
        #expect(throws: StorageError(path: path, reason: .notARegularFile(.namedPipe))) { try lines(path) }
    }
}
