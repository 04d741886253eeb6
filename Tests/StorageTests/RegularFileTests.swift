import Foundation
import Glibc
import Storage
import Testing
import TestSupport

/// The storage primitives touch only regular files: a symbolic link is never followed, a named
/// pipe never blocks, a stale temporary is replaced only when it is a regular file, and a file
/// with another name (a hard link) is read but never written.
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

    private func hardLink(_ name: String) -> String {
        let path = folder.file(name)
        #expect(Glibc.link(outside, path) == 0)
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
        #expect(throws: StorageError(path: database, reason: .companion(suffix: "-wal", .notARegularFile(.namedPipe)))) {
            try SQLiteDatabase(path: database, readOnly: true)
        }
        #expect(outsideIsUntouched)
    }

    @Test func aFileWithAnotherNameIsReadButNeverWritten() throws {
        let path = hardLink("state.txt")
        let refusal = StorageError(path: path, reason: .hardLinked(names: 2))
        #expect(try DurableFile.read(path) == Array("outside\n".utf8))
        #expect(throws: refusal) { try DurableFile.write(Array("new".utf8), to: path) }
        #expect(throws: refusal) { try DurableFile.rewrite(Array("new".utf8), to: path) }
        #expect(throws: refusal) { try AppendOnlyFile(path: path) }
        #expect(throws: refusal) { try RegularFile.open(path, O_WRONLY | O_TRUNC) }
        #expect(throws: refusal) { try RegularFile.createExclusively(path) }
        let temporary = hardLink("other.txt.tmp")
        #expect(throws: StorageError(path: temporary, reason: .hardLinked(names: 3))) {
            try DurableFile.write(Array("new".utf8), to: self.folder.file("other.txt"))
        }
        #expect(outsideIsUntouched)
        #expect(!FileManager.default.fileExists(atPath: folder.file("other.txt")))
    }

    @Test func aDatabaseOrItsCompanionWithAnotherNameIsReadButNotOpenedForWriting() throws {
        let database = folder.file("db.sqlite")
        try SQLiteDatabase(path: database).execute("CREATE TABLE t (x)")
        #expect(FileManager.default.fileExists(atPath: database + "-checked"), "a clean close sealed the file")
        unlink(database + "-checked")
        _ = hardLink("db.sqlite-checked")
        #expect(throws: StorageError(path: database, reason: .companion(suffix: "-checked", .hardLinked(names: 2)))) {
            try SQLiteDatabase(path: database)
        }
        #expect(throws: Never.self) { _ = try SQLiteDatabase(path: database, readOnly: true) }
        let linked = hardLink("linked.sqlite")
        #expect(throws: StorageError(path: linked, reason: .hardLinked(names: 3))) { try SQLiteDatabase(path: linked) }
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
