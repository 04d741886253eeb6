import Foundation
import Testing
import Storage
import TestSupport

@Suite("Durable whole-file writes")
final class DurableFileTests {
    private let folder: TemporaryFolder
    private var directory: String { folder.path }

    init() throws {
        folder = try TemporaryFolder()
    }

    private func contents() throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: directory).sorted()
    }

    @Test func writeCreatesTheFile() throws {
        let path = directory + "/state.txt"
        try DurableFile.write(Array("hello".utf8), to: path)
        #expect(try DurableFile.read(path) == Array("hello".utf8))
        #expect(try contents() == ["state.txt"])
    }

    @Test func writeReplacesLongerContentAndLeavesNoTemporaryFile() throws {
        let path = directory + "/state.txt"
        try DurableFile.write(Array("a much longer first version".utf8), to: path)
        try DurableFile.write(Array("short".utf8), to: path)
        #expect(try DurableFile.read(path) == Array("short".utf8))
        #expect(!FileManager.default.fileExists(atPath: path + ".tmp"))
        #expect(try contents() == ["state.txt"])
    }

    @Test func writeOfNoBytesGivesAnEmptyFileNotAMissingOne() throws {
        let path = directory + "/empty"
        try DurableFile.write([], to: path)
        #expect(try DurableFile.read(path) == [])
    }

    @Test func readRoundTripsEveryByteValueAndLargeFiles() throws {
        let path = directory + "/binary"
        let bytes = (0..<200_000).map { UInt8(truncatingIfNeeded: $0 &* 31) }
        try DurableFile.write(bytes, to: path)
        #expect(try DurableFile.read(path) == bytes)
    }

    @Test func readOfAMissingFileIsNil() throws {
        #expect(try DurableFile.read(directory + "/nothing-here") == nil)
    }

    @Test func readOfADirectoryThrowsNamingThePath() throws {
        do {
            _ = try DurableFile.read(directory)
            Issue.record("reading a directory should fail")
        } catch {
            #expect(error.path == directory)
            #expect(error.description.hasPrefix(directory + ": "))
        }
    }

    @Test func writeIntoAMissingDirectoryThrowsAndCreatesNothing() throws {
        let path = directory + "/missing/state.txt"
        do {
            try DurableFile.write(Array("x".utf8), to: path)
            Issue.record("writing into a missing directory should fail")
        } catch {
            #expect(error.path.hasPrefix(path))
            #expect(error.problem.contains("open failed"))
        }
        #expect(try contents() == [])
    }

    @Test(arguments: [
        ("a/b/c.txt", "a/b"),
        ("/var/data/store.sqlite", "/var/data"),
        ("/store.sqlite", "/"),
        ("store.sqlite", "."),
        ("./cache", "."),
    ])
    func parentDirectory(path: String, expected: String) {
        #expect(DurableFile.parentDirectory(of: path) == expected)
    }

    @Test func syncDirectoryOfAFileInAMissingDirectoryThrows() throws {
        #expect(throws: StorageError.self) {
            try DurableFile.syncDirectory(containing: self.directory + "/missing/file")
        }
    }
}
