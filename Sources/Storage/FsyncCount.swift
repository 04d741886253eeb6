import Glibc
import Synchronization

/// Every fsync and fdatasync this process's durable files and SQLite databases have made, by
/// the file (or folder) each made durable: the cache's and every whole-file write's (through
/// `fsync` here) and SQLite's own (through `SQLiteSyncCounter`, the VFS every `SQLiteDatabase`
/// opens with). One count for the process: read it before and after work nothing else runs beside.
public enum FsyncCount {
    private static let counts = Mutex<[String: Int]>([:])

    /// How many have been made so far.
    public static var total: Int { counts.withLock { $0.values.reduce(0, +) } }

    /// How many have been made so far for each path: a file, or a folder whose entries were made durable.
    public static var byPath: [String: Int] { counts.withLock { $0 } }

    /// Whether SQLite's syncs are counted too (its VFS could be wrapped); when false, the counts
    /// hold only the files' fsyncs and say too little.
    public static var countsSQLite: Bool { SQLiteSyncCounter.vfsName != nil }

    static func add(_ path: String) {
        counts.withLock { $0[path, default: 0] += 1 }
    }

    /// Fsyncs `fd`, counted for `file`, retrying on EINTR; a failure names `path` and what was done.
    static func fsync(_ fd: Int32, path: String, what: String, for file: String) throws(StorageError) {
        try systemCall(path, what) {
            add(file)
            return Glibc.fsync(fd)
        }
    }
}
