import Foundation
import Storage
import Testing
import TestSupport

/// A whole-file rewrite of a file replaced again and again (the world's settings, the app's
/// receipt): the new contents whole after it returns, the old ones whole until then, made by
/// writing over the temporary the last rewrite left and swapping it with the file, so that no
/// file is created or freed once both exist.
@Suite struct DurableRewriteTests {
    let folder: TemporaryFolder

    init() throws {
        folder = try TemporaryFolder()
    }

    private func contents() throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
    }

    private func text(_ path: String) throws -> String? {
        try DurableFile.read(path).map { String(decoding: $0, as: UTF8.self) }
    }

    /// The file's inode number: which file on disk the name stands for.
    private func inode(_ path: String) throws -> UInt64 {
        try #require(FileManager.default.attributesOfItem(atPath: path)[.systemFileNumber] as? UInt64)
    }

    @Test func eachRewriteLeavesTheNewContentsWholeLongerOrShorter() throws {
        let path = folder.file("world.json")
        for version in ["first", "a much longer second version", "3", "", "fifth, longer than the third"] {
            try DurableFile.rewrite(Array(version.utf8), to: path)
            #expect(try text(path) == version)
        }
    }

    @Test func theTemporaryKeepsThePreviousContentsAndIsTheOnlyOtherFile() throws {
        let path = folder.file("world.json")
        try DurableFile.rewrite(Array("one".utf8), to: path)
        #expect(try contents() == ["world.json"], "the first write renames its temporary: nothing to swap with")
        try DurableFile.rewrite(Array("two, longer".utf8), to: path)
        try DurableFile.rewrite(Array("three".utf8), to: path)
        #expect(try contents() == ["world.json", "world.json.tmp"])
        #expect(try text(path) == "three")
        #expect(try text(path + ".tmp") == "two, longer", "the previous contents, whole")
    }

    /// A crash while the temporary is written leaves it torn, and the file as it was.
    @Test func aTornTemporaryIsNeverReadAndTheNextRewriteReplacesIt() throws {
        let path = folder.file("world.json")
        try DurableFile.rewrite(Array("one".utf8), to: path)
        try DurableFile.rewrite(Array("two".utf8), to: path)
        try Data([0x7B, 0x0A, 0x00, 0xFF]).write(to: URL(fileURLWithPath: path + ".tmp"))
        #expect(try text(path) == "two")
        try DurableFile.rewrite(Array("three".utf8), to: path)
        #expect(try text(path) == "three")
        #expect(try text(path + ".tmp") == "two")
    }

    @Test func onceBothExistTheSameTwoFilesTakeTurnsAndNoneIsCreated() throws {
        let path = folder.file("receipt.txt")
        try DurableFile.rewrite(Array("1".utf8), to: path)
        try DurableFile.rewrite(Array("2".utf8), to: path)
        let files = Set([try inode(path), try inode(path + ".tmp")])
        #expect(files.count == 2)
        var names: [UInt64] = []
        for round in 3...8 {
            try DurableFile.rewrite(Array(String(round).utf8), to: path)
            #expect(try text(path) == String(round))
            #expect(Set([try inode(path), try inode(path + ".tmp")]) == files)
            names.append(try inode(path))
        }
        #expect(zip(names, names.dropFirst()).allSatisfy { $0 != $1 }, "the file and its temporary swap names each time")
    }

    @Test func aTemporaryWithAnotherNameIsRefusedAndTheOtherFileLeftAlone() throws {
        let path = folder.file("world.json")
        try DurableFile.rewrite(Array("one".utf8), to: path)
        let other = try folder.write("other.txt", "someone else's")
        unlink(path + ".tmp")
        try FileManager.default.linkItem(atPath: other, toPath: path + ".tmp")
        #expect(throws: StorageError(path: path + ".tmp", reason: .hardLinked(names: 2))) {
            try DurableFile.rewrite(Array("two".utf8), to: path)
        }
        #expect(try text(path) == "one")
        #expect(try text(other) == "someone else's")
    }

    @Test func aSymbolicLinkAtTheTemporaryIsRefusedAndLeftAsItIs() throws {
        let path = folder.file("world.json")
        try DurableFile.rewrite(Array("one".utf8), to: path)
        let target = try folder.write("target.txt", "untouched")
        try FileManager.default.createSymbolicLink(atPath: path + ".tmp", withDestinationPath: target)
        #expect(throws: StorageError.self) { try DurableFile.rewrite(Array("two".utf8), to: path) }
        #expect(try text(path) == "one")
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: path + ".tmp") == target)
        #expect(try text(target) == "untouched")
    }

    @Test func aRewriteSyncsTheFileThenItsFolderAsAWholeFileWriteDoes() throws {
        let path = folder.file("state.txt")
        for version in ["one", "two", "three"] {
            let synced = try FsyncCount.counting(under: folder.path) { try DurableFile.rewrite(Array(version.utf8), to: path) }
            #expect(synced == ["state.txt": 1, "": 1])
        }
    }
}
