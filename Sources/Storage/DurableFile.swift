import Glibc

/// Durable whole-file writes: write a temporary file, fsync it, rename it over the target,
/// fsync the directory. After `write` returns, the new contents survive a crash or power cut.
public enum DurableFile {
    /// Replaces the regular file at `path` with `bytes` atomically and durably. Something
    /// other than a regular file at `path` or at its temporary (`path.tmp`), or a file with
    /// another name there, is refused and left as it is; a stale temporary that is a regular
    /// file is replaced.
    public static func write(_ bytes: [UInt8], to path: String) throws(StorageError) {
        try RegularFile.check(path, for: .writing)
        let temporary = path + ".tmp"
        try fill(try RegularFile.createExclusively(temporary), at: temporary, with: bytes, for: path)
        try systemCall(path, "rename") { rename(temporary, path) }
        try syncDirectory(containing: path)
    }

    /// Reads a whole regular file, or returns nil when it does not exist; anything else at
    /// `path` (a symbolic link, a pipe) is refused without blocking, and so is a file larger
    /// than `limit` bytes, before any of it is read into memory.
    public static func read(_ path: String, atMost limit: Int = Int.max) throws(StorageError) -> [UInt8]? {
        guard let fd = try RegularFile.openForReading(path) else { return nil }
        defer { close(fd) }
        var status = stat()
        if fstat(fd, &status) == 0, Int(status.st_size) > limit {
            throw StorageError(path: path, problem: "too large: \(status.st_size) bytes (at most \(limit))")
        }
        var result: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65536)
        while true {
            let count = buffer.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress, $0.count) }
            if count == 0 { break }
            if count < 0 {
                if errno == EINTR { continue }
                throw StorageError(path: path, problem: "read failed: \(errnoText())")
            }
            result.append(contentsOf: buffer[0..<count])
        }
        return result
    }

    /// Writes `bytes` to `fd`, the new file at `file`, fsyncs and closes it (an fsync counted for
    /// `target`); on a failure the file is closed and removed.
    static func fill(_ fd: Int32, at file: String, with bytes: [UInt8], for target: String,
                     before: (Int32) throws(StorageError) -> Void = { _ in }) throws(StorageError) {
        do {
            try before(fd)
            try writeAll(fd, bytes, path: file)
            try FsyncCount.fsync(fd, path: file, what: "fsync", for: target)
        } catch {
            close(fd)
            unlink(file)
            throw error
        }
        close(fd)
    }

    /// Writes every byte to an open descriptor, continuing after short writes.
    public static func writeAll(_ fd: Int32, _ bytes: [UInt8], path: String) throws(StorageError) {
        var offset = 0
        while offset < bytes.count {
            let written = bytes.withUnsafeBytes { raw in
                Glibc.write(fd, raw.baseAddress.map { $0 + offset }, bytes.count - offset)
            }
            if written < 0 {
                if errno == EINTR { continue }
                throw StorageError(path: path, problem: "write failed: \(errnoText())")
            }
            offset += written
        }
    }

    /// Fsyncs the directory that holds `path`, so that a create, rename or unlink in it is durable.
    public static func syncDirectory(containing path: String) throws(StorageError) {
        let directory = parentDirectory(of: path)
        let fd = try systemCall(directory, "open directory") { open(directory, O_RDONLY | O_DIRECTORY | O_CLOEXEC) }
        defer { close(fd) }
        try FsyncCount.fsync(fd, path: directory, what: "fsync directory", for: directory)
    }

    /// `file` with its folder resolved (`realpath`: no `..`, no symbolic link), the file itself
    /// left as named: one path for one place, whether the file exists or not. An error naming
    /// `path` when the folder cannot be found.
    public static func resolvingFolder(of file: String, reportingAs path: String) throws(StorageError) -> String {
        let folder = parentDirectory(of: file)
        guard let resolved = realpath(folder, nil) else {
            throw StorageError(path: path, problem: "cannot open its folder \(folder): \(errnoText())")
        }
        defer { free(resolved) }
        let name = file[(file.lastIndex(of: "/").map { file.index(after: $0) } ?? file.startIndex)...]
        return String(cString: resolved) + "/" + name
    }

    /// The directory part of a path ("." when there is none).
    public static func parentDirectory(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        let directory = String(path[..<slash])
        return directory.isEmpty ? "/" : directory
    }
}
