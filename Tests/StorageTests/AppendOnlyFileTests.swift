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
