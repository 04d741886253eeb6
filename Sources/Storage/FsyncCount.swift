import Glibc
import Synchronization

/// Every fsync and fdatasync this process's durable files and SQLite databases have made: the
/// cache's and every whole-file write's (through `fsync` here) and SQLite's own (through
/// `SQLiteSyncCounter`, the VFS every `SQLiteDatabase` opens with). Read `total` before and after
/// work nothing else runs beside, or count what is made under a folder with `counting(under:)`.
public enum FsyncCount {
    private static let count = Atomic<Int>(0)
    /// The folders being watched, by watch: their paths (as named and resolved) and the syncs
    /// made under them so far, by path relative to the folder ("" for the folder itself).
    private static let watches = Mutex<[Int: (folders: [String], counts: [String: Int])]>([:])
    private static let nextWatch = Atomic<Int>(0)

    /// How many have been made so far.
    public static var total: Int { count.load(ordering: .relaxed) }

    /// Whether SQLite's syncs are counted too (its VFS could be wrapped); when false, the counts
    /// hold only the files' fsyncs and say too little.
    public static var countsSQLite: Bool { SQLiteSyncCounter.vfsName != nil }

    /// The syncs made to files under `folder`, and to the folder itself (""), while `body` ran, by
    /// path relative to it; by any thread, so work beside `body` in the folder counts too.
    public static func counting(under folder: String, _ body: () throws -> Void) rethrows -> [String: Int] {
        let resolved = realpath(folder, nil).map { path in
            defer { free(path) }
            return String(cString: path)
        }
        let watch = nextWatch.add(1, ordering: .relaxed).newValue
        watches.withLock { $0[watch] = ([folder] + (resolved.map { [$0] } ?? []), [:]) }
        defer { watches.withLock { _ = $0.removeValue(forKey: watch) } }
        try body()
        return watches.withLock { $0[watch]?.counts ?? [:] }
    }

    /// Counts one sync made to `path` (a file, or a folder whose entries it made durable).
    static func add(_ path: String) {
        count.add(1, ordering: .relaxed)
        watches.withLock { watches in
            for (watch, entry) in watches {
                guard let folder = entry.folders.first(where: { path == $0 || path.hasPrefix($0 + "/") }) else { continue }
                watches[watch]?.counts[String(path.dropFirst(min(path.count, folder.count + 1))), default: 0] += 1
            }
        }
    }

    /// Fsyncs `fd`, counted for `file`, retrying on EINTR; a failure names `path` and what was done.
    /// Inside `DiskSync.skipping`, nothing.
    static func fsync(_ fd: Int32, path: String, what: String, for file: String) throws(StorageError) {
        guard !DiskSync.skipped else { return }
        try systemCall(path, what) {
            add(file)
            return Glibc.fsync(fd)
        }
    }
}
