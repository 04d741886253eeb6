import Synchronization

/// The database files this process has checked whole, each in the state it was checked in: the
/// file's seal (identity, size, times, first bytes) and its `-wal`'s. A file met again in that
/// very state (a world's history check reads it, then the world opens it for writing) is not
/// checked again; a file changed in any of them since is.
enum SQLiteCheckMemory {
    private static let checked = Mutex<Set<String>>([])

    /// The state of the database at `path` and of its `-wal` now; nil when it cannot be read.
    static func state(of path: String) -> String? {
        guard let seal = SQLiteCheckSeal.of(path) else { return nil }
        let log = SQLiteCheckSeal.of(path + "-wal")?.line ?? "no -wal\n"
        return path + "\n" + seal.line + log
    }

    /// Remembers that the database was checked whole in `state`.
    static func remember(_ state: String) {
        checked.withLock { _ = $0.insert(state) }
    }

    /// Whether the database was checked whole in `state`.
    static func holds(_ state: String) -> Bool {
        checked.withLock { $0.contains(state) }
    }
}
