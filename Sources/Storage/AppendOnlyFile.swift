import Glibc

/// A file opened for appending, where each `append` is written and fsynced before it returns.
/// It remembers how much of the file an fsync has made durable, so that a simulated power cut
/// can lose what was written after that, as a real one would.
public final class AppendOnlyFile {
    public let path: String
    private var fd: Int32
    /// When false, appends are written but not fsynced (a teaching aid for power cuts).
    public var syncs: Bool
    /// When true, every append fails as on a full disk: a fault the simulator injects.
    public var simulatesFullDisk = false
    /// How many bytes of the file are known to be on the disk: all of it up to the last fsync.
    public private(set) var durableLength: Int
    /// Whether bytes were written since the last fsync.
    private var hasUnsyncedWrites = false

    /// Opens (creating if needed) the regular file `path` for appending; anything else there,
    /// or a file with another name, is refused. A newly created file's directory entry is made durable before this returns.
    public init(path: String, syncs: Bool = true) throws(StorageError) {
        self.path = path
        self.syncs = syncs
        let existed = try RegularFile.check(path, for: .writing)
        fd = try RegularFile.open(path, O_WRONLY | O_CREAT | O_APPEND)
        if !existed {
            try DurableFile.syncDirectory(containing: path)
        }
        durableLength = 0
        durableLength = try size()
    }

    deinit {
        if fd >= 0 {
            Glibc.close(fd)
        }
    }

    /// Closes the file, which must not be used again; one larger than `bytes` is closed on a
    /// thread of its own. For a file another has replaced: the last close of a replaced file
    /// frees its pages and blocks, which on a disk that discards freed blocks waits for the disk
    /// (tens of milliseconds for 100 MB), and nothing needs to wait for that.
    public func close(inBackgroundIfLargerThan bytes: Int) {
        guard fd >= 0 else { return }
        let descriptor = fd
        let large = ((try? size()) ?? 0) > bytes
        fd = -1
        guard large else {
            Glibc.close(descriptor)
            return
        }
        var thread = pthread_t()
        let started = pthread_create(&thread, nil, { context in
            Glibc.close(Int32(Int(bitPattern: context) - 1))
            return nil
        }, UnsafeMutableRawPointer(bitPattern: Int(descriptor) + 1))
        if started == 0 {
            pthread_detach(thread)
        } else {
            Glibc.close(descriptor)
        }
    }

    /// Appends the bytes and fsyncs the file (unless `syncs` is off); with `syncNow` false the
    /// bytes are only written, and wait for the next `sync` (or synced append) to be durable.
    public func append(_ bytes: [UInt8], syncNow: Bool = true) throws(StorageError) {
        try refuseInjectedWriteFailure()
        try DurableFile.writeAll(fd, bytes, path: path)
        hasUnsyncedWrites = true
        if syncNow {
            try sync()
        }
    }

    /// Fails as an append would while a write failure is injected: for a writer that holds
    /// bytes back and must fail when it makes them, not later when it writes them.
    public func refuseInjectedWriteFailure() throws(StorageError) {
        if simulatesFullDisk {
            throw StorageError(path: path, reason: .simulatedFullDisk)
        }
    }

    /// Fsyncs what was written since the last fsync (unless `syncs` is off); nothing when
    /// everything written is durable already.
    public func sync() throws(StorageError) {
        guard syncs, hasUnsyncedWrites else { return }
        try FsyncCount.fsync(fd, path: path, what: "fsync", for: path)
        durableLength = try size()
        hasUnsyncedWrites = false
    }

    /// Simulates a power cut: the bytes written since the last fsync never reached the disk,
    /// but for a torn first half of them, in the manner of SQLite's crash-test layer. Returns
    /// how many bytes were lost.
    @discardableResult
    public func loseUnsyncedWrites() throws(StorageError) -> Int {
        let unsynced = try size() - durableLength
        guard unsynced > 0 else { return 0 }
        let kept = unsynced / 2
        try systemCall(path, "ftruncate") { ftruncate(fd, off_t(durableLength + kept)) }
        return unsynced - kept
    }

    /// The current size of the file in bytes.
    public func size() throws(StorageError) -> Int {
        var info = stat()
        try systemCall(path, "fstat") { fstat(fd, &info) }
        return Int(info.st_size)
    }
}
