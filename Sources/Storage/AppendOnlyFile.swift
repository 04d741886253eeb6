import Glibc

/// A file opened for appending, where each `append` is written and fsynced before it returns.
public final class AppendOnlyFile {
    public let path: String
    private var fd: Int32
    /// When false, appends are written but not fsynced (a teaching aid for power cuts).
    public var syncs: Bool

    /// Opens (creating if needed) `path` for appending. A newly created file's directory entry is
    /// made durable before this returns.
    public init(path: String, syncs: Bool = true) throws(StorageError) {
        self.path = path
        self.syncs = syncs
        let existed = access(path, F_OK) == 0
        fd = try systemCall(path, "open") { open(path, O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0o644) }
        if !existed {
            try DurableFile.syncDirectory(containing: path)
        }
    }

    deinit {
        close(fd)
    }

    /// Appends the bytes and fsyncs the file.
    public func append(_ bytes: [UInt8]) throws(StorageError) {
        try DurableFile.writeAll(fd, bytes, path: path)
        if syncs {
            try systemCall(path, "fsync") { fsync(fd) }
        }
    }

    /// The current size of the file in bytes.
    public func size() throws(StorageError) -> Int {
        var info = stat()
        try systemCall(path, "fstat") { fstat(fd, &info) }
        return Int(info.st_size)
    }
}
