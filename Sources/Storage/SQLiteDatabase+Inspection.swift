import CSQLite
import Glibc

extension SQLiteDatabase {
    /// Runs `check` on an existing file without changing it: on a private copy of it and its
    /// `-wal`, since even a read-only connection writes to the `-shm`; or, `inPlaceWhenQuiet`
    /// and with no `-wal` beside it, on the file itself opened immutable (no lock, no `-wal` or
    /// `-shm` made). A missing file needs no check.
    static func inspect(_ path: String, inPlaceWhenQuiet: Bool,
                        _ check: (SQLiteDatabase) throws(StorageError) -> Void) throws(StorageError) {
        guard try FileKind.at(path) != .missing else { return }
        guard !inPlaceWhenQuiet || hasWriteAheadLog(path) else {
            try check(try SQLiteDatabase(file: path, reportingAs: path, readOnly: true, immutable: true))
            return
        }
        guard let bytes = try DurableFile.read(path) else { return }
        let folder = try temporaryFolder(for: path)
        let copy = folder + "/copy.sqlite"
        defer {
            for suffix in ["", "-wal", "-shm", "-journal"] { unlink(copy + suffix) }
            rmdir(folder)
        }
        try writeCopy(bytes, to: copy)
        if let log = try DurableFile.read(path + "-wal") {
            try writeCopy(log, to: copy + "-wal")
        }
        try check(try SQLiteDatabase(file: copy, reportingAs: path, readOnly: true))
    }

    /// Refuses a database, or one of its companions, that is not a regular file, or that has
    /// other names when the connection will write.
    static func checkFiles(_ path: String, for use: FileUse) throws(StorageError) {
        try RegularFile.check(path, for: use)
        for suffix in ["-wal", "-shm", "-journal", "-checked"] {
            do {
                try RegularFile.check(path + suffix, for: use)
            } catch {
                if case .failed = error.reason { throw error }
                throw StorageError(path: path, reason: .companion(suffix: suffix, error.reason))
            }
        }
    }

    /// Whether a write-ahead log lies beside the database: a connection is open, or one ended
    /// without checkpointing (a crash), and the log may hold committed transactions.
    static func hasWriteAheadLog(_ path: String) -> Bool {
        (try? FileKind.at(path + "-wal")) == .regular
    }

    /// The `file:` URI that opens `path` immutable, its special characters percent-encoded.
    static func immutableURI(_ path: String) -> String {
        let plain = Set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-._~/".utf8)
        let encoded = path.utf8.map { byte in
            plain.contains(byte) ? String(UnicodeScalar(byte)) : (byte < 16 ? "%0" : "%") + String(byte, radix: 16, uppercase: true)
        }.joined()
        return "file:" + encoded + "?immutable=1"
    }

    /// Whether a connection has the database open in WAL mode: one of this process's own writers
    /// (`OpenWriters`), known without touching the file; or another process's, each of which
    /// holds a read lock on the `-shm`'s "dead man switch" byte (128) for as long as it is open.
    /// The probe is never made of a file this process writes: closing it would drop every lock
    /// this process holds on the `-shm` (POSIX locks belong to the process, not the descriptor),
    /// and a reader elsewhere would then take the file for abandoned and truncate it under the
    /// writer's mapping.
    static func hasLiveConnection(_ path: String) -> Bool {
        if OpenWriters.holds(path) { return true }
        guard (try? FileKind.at(path + "-wal")) == .regular,
              let probe = try? RegularFile.openForReading(path + "-shm") else { return false }
        defer { close(probe) }
        var lock = flock()
        lock.l_type = Int16(F_WRLCK)
        lock.l_whence = Int16(SEEK_SET)
        lock.l_start = 128
        lock.l_len = 1
        guard fcntl(probe, F_GETLK, &lock) == 0 else { return false }
        return lock.l_type != Int16(F_UNLCK)
    }

    /// `file` with its folder resolved (`realpath`), for SQLite's no-follow open; ":memory:"
    /// and the like pass through.
    static func resolvingFolder(of file: String, reportingAs path: String) throws(StorageError) -> String {
        guard file.contains("/") else { return file }
        return try DurableFile.resolvingFolder(of: file, reportingAs: path)
    }

    private static func temporaryFolder(for path: String) throws(StorageError) -> String {
        let base = getenv("TMPDIR").map { String(cString: $0) } ?? "/tmp"
        var template = Array((base + "/storesim-check-XXXXXX").utf8CString)
        let made = template.withUnsafeMutableBufferPointer { buffer in buffer.baseAddress.flatMap { mkdtemp($0) } }
        guard let folder = made else {
            throw StorageError(path: path, problem: "cannot make a folder to check a copy in \(base): \(errnoText())")
        }
        return String(cString: folder)
    }

    private static func writeCopy(_ bytes: [UInt8], to copy: String) throws(StorageError) {
        let fd = try systemCall(copy, "open") { open(copy, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600) }
        defer { close(fd) }
        try DurableFile.writeAll(fd, bytes, path: copy)
    }

    /// True when the file holds no table, index or view at all.
    func holdsNoTables() throws(StorageError) -> Bool {
        try rows("SELECT COUNT(*) AS objects FROM sqlite_master", table: "sqlite_master", key: "objects") {
            (row) throws(SQLiteColumnError) in try row.integer("objects")
        }.first == 0
    }

    /// Refuses a file SQLite finds damaged, with its first finding on one line; any other
    /// failure (a file that cannot be opened, too many open files) is reported as it is. The
    /// whole check, not `quick_check`: an index that disagrees with its table (a credit's
    /// UNIQUE index missing a row lets the Server credit it again) is damage too.
    func checkIntegrity() throws(StorageError) {
        let rows: [SQLiteRow]
        do {
            rows = try query("PRAGMA integrity_check")
        } catch {
            let code = sqlite3_errcode(handle) & 0xFF
            guard code == SQLITE_CORRUPT || code == SQLITE_NOTADB else { throw error }
            throw StorageError(path: path, reason: .damaged(error.problem))
        }
        let verdict = rows.first.flatMap { try? $0.text("integrity_check") } ?? "no answer"
        if verdict != "ok" {
            let finding = verdict.split(whereSeparator: \.isNewline).joined(separator: " ")
            throw StorageError(path: path, reason: .damaged(finding))
        }
    }
}
