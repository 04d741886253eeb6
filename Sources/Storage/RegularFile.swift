import Glibc

/// What stands at a path, looked at without following a symbolic link.
public enum FileKind: Equatable, Sendable {
    case missing
    case regular
    case directory
    case symbolicLink
    case namedPipe
    case socket
    case device

    /// The kind of what stands at `path` itself (`lstat`): a symbolic link is not followed.
    public static func at(_ path: String) throws(StorageError) -> FileKind {
        try status(path).map { FileKind(mode: $0.st_mode) } ?? .missing
    }

    /// What `lstat` says of `path`, or nil when nothing stands there.
    static func status(_ path: String) throws(StorageError) -> stat? {
        var info = stat()
        guard lstat(path, &info) == 0 else {
            if errno == ENOENT || errno == ENOTDIR { return nil }
            throw StorageError(path: path, problem: "cannot look at it: \(errnoText())")
        }
        return info
    }

    init(mode: mode_t) {
        switch mode & S_IFMT {
        case S_IFREG: self = .regular
        case S_IFDIR: self = .directory
        case S_IFLNK: self = .symbolicLink
        case S_IFIFO: self = .namedPipe
        case S_IFSOCK: self = .socket
        default: self = .device
        }
    }

    /// The kind with its article, for messages: "a symbolic link".
    public var name: String {
        switch self {
        case .missing: return "missing"
        case .regular: return "a regular file"
        case .directory: return "a directory"
        case .symbolicLink: return "a symbolic link"
        case .namedPipe: return "a named pipe"
        case .socket: return "a socket"
        case .device: return "a device"
        }
    }
}

/// Opening StoreSim's own files: only regular files, never through a symbolic link, never
/// blocking on a named pipe or a device, and for writing never a file with another name (a hard
/// link), whose other name may be outside the data directory. Everything that opens a file in
/// a data directory goes through here.
public enum RegularFile {
    /// Whether a regular file stands at `path`: false when nothing does; an error naming the
    /// path when something else does (a symbolic link, a pipe, a device, a directory), or, for
    /// `writing`, when the file has more than one name.
    @discardableResult
    public static func check(_ path: String, for use: FileUse) throws(StorageError) -> Bool {
        guard let info = try FileKind.status(path) else { return false }
        try refuse(info, at: path, for: use)
        return true
    }

    /// Throws unless `info` is of a regular file that `use` may touch.
    private static func refuse(_ info: stat, at path: String, for use: FileUse) throws(StorageError) {
        let kind = FileKind(mode: info.st_mode)
        guard kind == .regular else { throw StorageError(path: path, reason: .notARegularFile(kind)) }
        guard use == .reading || info.st_nlink <= 1 else {
            throw StorageError(path: path, reason: .hardLinked(names: Int(info.st_nlink)))
        }
    }

    /// Opens the regular file at `path` for reading, or gives nil when nothing is there.
    public static func openForReading(_ path: String) throws(StorageError) -> Int32? {
        guard try check(path, for: .reading) else { return nil }
        return try open(path, O_RDONLY)
    }

    /// Opens (with `O_CREAT`, creating) the regular file at `path` with `flags`, plus no-follow,
    /// non-blocking and close-on-exec: what is not a regular file, or for writing a file with
    /// another name, is refused before and after opening, so a swap in between is caught too,
    /// and a pipe never blocks. `O_TRUNC` truncates only once the open file has passed.
    public static func open(_ path: String, _ flags: Int32, mode: mode_t = 0o644) throws(StorageError) -> Int32 {
        let use = FileUse(openFlags: flags)
        try check(path, for: use)
        let fd = Glibc.open(path, (flags & ~O_TRUNC) | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC, mode)
        guard fd != -1 else {
            let failure = errnoText()
            try check(path, for: use)
            throw StorageError(path: path, problem: "open failed: \(failure)")
        }
        var info = stat()
        do {
            try systemCall(path, "fstat") { fstat(fd, &info) }
            try refuse(info, at: path, for: use)
            if flags & O_TRUNC != 0 {
                try systemCall(path, "truncate") { ftruncate(fd, 0) }
            }
        } catch {
            close(fd)
            throw error
        }
        _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) & ~O_NONBLOCK)
        return fd
    }

    /// Creates `path` for writing, exclusively: a stale regular file there is removed first;
    /// anything else there (a symbolic link, a pipe, a file with another name) is refused and
    /// left as it is.
    public static func createExclusively(_ path: String, mode: mode_t = 0o644) throws(StorageError) -> Int32 {
        if try check(path, for: .writing) {
            try systemCall(path, "remove the stale file") { unlink(path) }
        }
        let flags = O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC
        let fd = Glibc.open(path, flags, mode)
        guard fd != -1 else {
            let failure = errnoText()
            try check(path, for: .writing)
            throw StorageError(path: path, problem: "open failed: \(failure)")
        }
        return fd
    }
}
