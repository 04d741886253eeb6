import CSQLite

/// What SQLite is told once in a process, before it initializes. Its statistics of the memory
/// it allocates are switched off: StoreSim never reads them, and keeping them takes one mutex
/// of the whole process around every allocation and free SQLite makes (this system's SQLite is
/// built without lookaside memory, so every small allocation is one), which made two threads,
/// each with its own databases (`storesim chaos` running two runs at once), wait on each other.
enum SQLiteProcessSettings {
    /// Whether SQLite took the settings: false when it had already initialized, then it runs
    /// with its defaults. Read before the first other SQLite call.
    static let applied: Bool = storesim_sqlite3_config_memstatus(0) == SQLITE_OK
}
