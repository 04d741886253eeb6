import Foundation
import Testing
import Storage
import TestSupport

@Suite("Append-only files")
final class AppendOnlyFileTests {
    private let folder: TemporaryFolder
    private var directory: String { folder.path }

    init() throws {
        folder = try TemporaryFolder()
    }

    @Test func openingCreatesAnEmptyFile() throws {
        let path = directory + "/log"
        let file = try AppendOnlyFile(path: path)
        #expect(FileManager.default.fileExists(atPath: path))
        #expect(try file.size() == 0)
        #expect(file.path == path)
    }

    @Test func appendsAccumulateInOrder() throws {
        let path = directory + "/log"
        let file = try AppendOnlyFile(path: path)
        try file.append(Array("one\n".utf8))
        try file.append(Array("two\n".utf8))
        #expect(try file.size() == 8)
        #expect(try DurableFile.read(path) == Array("one\ntwo\n".utf8))
    }

    @Test func reopeningKeepsWhatWasThereAndAppendsAfterIt() throws {
        let path = directory + "/log"
        try AppendOnlyFile(path: path).append(Array("first\n".utf8))
        let reopened = try AppendOnlyFile(path: path)
        #expect(try reopened.size() == 6)
        try reopened.append(Array("second\n".utf8))
        #expect(try DurableFile.read(path) == Array("first\nsecond\n".utf8))
    }

    @Test func appendsGoToTheEndEvenAfterTheFileWasRewrittenInPlace() throws {
        let path = directory + "/log"
        let file = try AppendOnlyFile(path: path)
        try file.append(Array("abc".utf8))
        // Another writer extends the same inode; O_APPEND must still put our bytes last.
        let handle = try #require(FileHandle(forWritingAtPath: path))
        handle.seekToEndOfFile()
        handle.write(Data("XYZ".utf8))
        try handle.close()
        try file.append(Array("!".utf8))
        #expect(try DurableFile.read(path) == Array("abcXYZ!".utf8))
    }

    @Test func unsyncedAppendsAreStillWritten() throws {
        let path = directory + "/log"
        let file = try AppendOnlyFile(path: path, syncs: false)
        #expect(!file.syncs)
        try file.append(Array("kept in the page cache".utf8))
        #expect(try DurableFile.read(path) == Array("kept in the page cache".utf8))
    }

    /// The descriptors of this process open on `path`.
    private func descriptors(on path: String) -> [String] {
        let fds = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd")) ?? []
        return fds.filter { (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/fd/" + $0)) == path }
    }

    @Test func aSmallFileIsClosedAtOnceAndALargeOneOnAThreadOfItsOwn() throws {
        let small = directory + "/small"
        let smallFile = try AppendOnlyFile(path: small)
        try smallFile.append(Array("short\n".utf8))
        #expect(descriptors(on: small).count == 1)
        smallFile.close(inBackgroundIfLargerThan: 1 << 20)
        #expect(descriptors(on: small).isEmpty)

        let large = directory + "/large"
        let largeFile = try AppendOnlyFile(path: large)
        try largeFile.append([UInt8](repeating: UInt8(ascii: "x"), count: 4096))
        // Replaced, as a compaction replaces the cache: the old file is gone from the folder.
        try DurableFile.write(Array("new\n".utf8), to: large)
        #expect(descriptors(on: large + " (deleted)").count == 1)
        largeFile.close(inBackgroundIfLargerThan: 1024)
        var waited = 0
        while !descriptors(on: large + " (deleted)").isEmpty && waited < 500 {
            usleep(10_000)
            waited += 1
        }
        #expect(descriptors(on: large + " (deleted)").isEmpty, "the replaced file is closed")
        #expect(try DurableFile.read(large) == Array("new\n".utf8))
    }

    @Test func openingInAMissingDirectoryThrowsNamingThePath() throws {
        let path = directory + "/missing/log"
        do {
            _ = try AppendOnlyFile(path: path)
            Issue.record("opening in a missing directory should fail")
        } catch {
            #expect(error.path == path)
            #expect(error.problem.hasPrefix("open failed"))
        }
    }
}
