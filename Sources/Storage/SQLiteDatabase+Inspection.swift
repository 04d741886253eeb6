import Glibc

extension SQLiteDatabase {
    /// Runs `check` on a private copy of an existing file and its `-wal`. Even a read-only
    /// connection to the file itself creates its `-wal` and `-shm` or writes to the `-shm`; the
    /// copy leaves a file that is refused exactly as it was. A missing file needs no check.
    static func inspect(_ path: String, _ check: (SQLiteDatabase) throws(StorageError) -> Void) throws(StorageError) {
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

    static func exists(_ path: String) -> Bool {
        access(path, F_OK) == 0
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
}
