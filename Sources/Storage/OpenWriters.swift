import Synchronization

/// The database files this process has open for writing, by path, with how many connections:
/// a reader in the same process knows them live without probing their `-shm`
/// (`SQLiteDatabase.hasLiveConnection`).
enum OpenWriters {
    private static let open = Mutex<[String: Int]>([:])

    static func add(_ path: String) {
        open.withLock { $0[path, default: 0] += 1 }
    }

    static func remove(_ path: String) {
        open.withLock { open in
            guard let count = open[path] else { return }
            open[path] = count > 1 ? count - 1 : nil
        }
    }

    static func holds(_ path: String) -> Bool {
        open.withLock { $0[path] != nil }
    }
}
