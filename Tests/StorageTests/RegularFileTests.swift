import Foundation
import Glibc
import Storage
import Testing
import TestSupport

/// The storage primitives touch only regular files: a symbolic link is never followed, a named
/// pipe never blocks, a stale temporary is replaced only when it is a regular file.
@Suite struct RegularFileTests {
    private let folder: TemporaryFolder
    private let outside: String

    init() throws {
        folder = try TemporaryFolder()
        outside = try folder.write("outside.txt", "outside\n")
    }

    private func link(_ name: String) -> String {
        let path = folder.file(name)
        #expect(symlink(outside, path) == 0)
        return path
    }

    private func pipe(_ name: String) -> String {
        let path = folder.file(name)
        #expect(mkfifo(path, 0o600) == 0)
        return path
    }

    private var outsideIsUntouched: Bool {
        (try? String(contentsOfFile: outside, encoding: .utf8)) == "outside\n"
    }

    @Test func kindsAreSeenWithoutFollowing() throws {
        #expect(try FileKind.at(link("a")) == .symbolicLink)
        #expect(try FileKind.at(pipe("p")) == .namedPipe)
        #expect(try FileKind.at(folder.path) == .directory)
        #expect(try FileKind.at(outside) == .regular)
        #expect(try FileKind.at(folder.file("none")) == .missing)
        #expect(try FileKind.at(outside + "/below") == .missing)
    }

    @Test func writeRefusesALinkAtTheFileOrAtItsTemporary() throws {
        let target = link("state.txt")
        #expect(throws: StorageError(path: target, reason: .notARegularFile(.symbolicLink))) {
            try DurableFile.write(Array("new".utf8), to: target)
        }
        let temporary = link("other.txt.tmp")
        #expect(throws: StorageError(path: temporary, reason: .notARegularFile(.symbolicLink))) {
            try DurableFile.write(Array("new".utf8), to: self.folder.file("other.txt"))
        }
        #expect(outsideIsUntouched)
        #expect(!FileManager.default.fileExists(atPath: folder.file("other.txt")))
    }

    @Test func writeReplacesAStaleRegularTemporary() throws {
        let path = try folder.write("state.txt.tmp", "stale, longer than the new contents")
        try DurableFile.write(Array("new".utf8), to: folder.file("state.txt"))
        #expect(try DurableFile.read(folder.file("state.txt")) == Array("new".utf8))
        #expect(!FileManager.default.fileExists(atPath: path))
    }

    @Test func readAndAppendRefuseALinkAndAPipeWithoutBlocking() throws {
        for path in [link("log"), pipe("fifo")] {
            let kind = try FileKind.at(path)
            #expect(throws: StorageError(path: path, reason: .notARegularFile(kind))) { try DurableFile.read(path) }
            #expect(throws: StorageError(path: path, reason: .notARegularFile(kind))) { try AppendOnlyFile(path: path) }
        }
        #expect(outsideIsUntouched)
    }

    @Test func aDatabaseOrItsCompanionThatIsNotARegularFileIsRefusedBeforeSQLiteSeesIt() throws {
        let linked = link("linked.sqlite")
        #expect(throws: StorageError(path: linked, reason: .notARegularFile(.symbolicLink))) {
            try SQLiteDatabase(path: linked)
        }
        let database = folder.file("db.sqlite")
        try SQLiteDatabase(path: database).execute("CREATE TABLE t (x)")
        _ = pipe("db.sqlite-wal")
        #expect(throws: StorageError(path: database, reason: .companionNotARegularFile(suffix: "-wal", .namedPipe))) {
            try SQLiteDatabase(path: database, readOnly: true)
        }
        #expect(outsideIsUntouched)
    }

    @Test func aDatabaseInAFolderReachedThroughALinkOpens() throws {
        let real = folder.file("real")
        #expect(mkdir(real, 0o755) == 0)
        #expect(symlink(real, folder.file("via")) == 0)
        let database = try SQLiteDatabase(path: folder.file("via") + "/db.sqlite")
        try database.execute("CREATE TABLE t (x)")
        #expect(FileManager.default.fileExists(atPath: real + "/db.sqlite"))
    }
}
