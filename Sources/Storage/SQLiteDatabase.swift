import CSQLite
import Glibc

/// A connection to one SQLite database file, with typed errors that name the file.
public final class SQLiteDatabase {
    public let path: String
    let handle: OpaquePointer
    /// When true, every write fails as on a full disk: a fault the simulator injects to show
    /// what survives it.
    public var simulatesFullDisk = false
    /// Whether closing records the file's seal: a writable connection to a checked file.
    private var sealsOnClose = false
    /// Whether a batch is open (`beginBatch`).
    public internal(set) var inBatch = false
    /// Prepared statements by their SQL, reset after each use and kept for the next: an advance
    /// asks the same few questions at every moment it stops at.
    private var statements: [StatementKey: OpaquePointer] = [:]
    /// The most statements kept; past it, all are let go and kept anew.
    private static let statementsKept = 128
    /// The rows written since a reader last took them, once one asked (`takeChanges()`).
    var changeLog: SQLiteChangeLog?

    /// Opens `path` after checking it (integrity, and `schema` when given); a file it refuses is
    /// left byte for byte, with its `-wal` and `-shm`. The file and its companions must be
    /// regular files (or missing): a symbolic link, pipe or device is refused before SQLite sees
    /// it. The check runs on a private copy before anything opens the file itself; a reader
    /// beside a live connection checks in place, where its read-only connection changes nothing
    /// but the shared `-shm`. Read-only connections never create or change the file. A writable
    /// one uses WAL with `synchronous=FULL`, so a committed transaction survives a power cut,
    /// and brings the file to the newest version of `schema` in one transaction.
    /// A file its creator never initialized (no table at all: it died before its first commit)
    /// reads as the schema's empty tables. The integrity check reads every page, except of a file
    /// its seal (`SQLiteCheckSeal`) shows unchanged since a writer closed it cleanly, or that
    /// this process checked in the state it is in now (`SQLiteCheckMemory`); a writable
    /// connection that closes cleanly records that seal.
    public convenience init(path: String, readOnly: Bool = false, schema: SQLiteSchema? = nil) throws(StorageError) {
        var checked = false
        var uninitialized = false
        var outdated = false
        try Self.checkFiles(path, for: readOnly ? .reading : .writing)
        let state = SQLiteCheckMemory.state(of: path)
        let sealed = SQLiteCheckSeal.holds(path) || state.map(SQLiteCheckMemory.holds) == true
        let check = { (database: SQLiteDatabase) throws(StorageError) in
            if !sealed {
                try database.checkIntegrity()
                if let state { SQLiteCheckMemory.remember(state) }
            }
            let version = try schema?.check(database)
            uninitialized = version == 0 ? try database.holdsNoTables() : false
            outdated = !uninitialized && version.map { $0 < (schema?.newestVersion ?? 0) } ?? false
            checked = true
        }
        let inPlace = readOnly && Self.hasLiveConnection(path)
        if inPlace {
            // Checked through SQLite, which shares this process's locks on the file among its
            // connections: a copy read with a descriptor of its own would drop them on close.
            try check(try SQLiteDatabase(file: path, reportingAs: path, readOnly: true))
        } else {
            try Self.inspect(path, inPlaceWhenQuiet: readOnly || sealed, check)
        }
        let quiet = readOnly && !inPlace && !Self.hasWriteAheadLog(path)
        if readOnly, uninitialized || outdated, let schema {
            // A reader never changes the file: it brings a copy in memory to the newest version.
            try self.init(file: ":memory:", reportingAs: path, readOnly: false)
            if outdated {
                try copyPages(from: SQLiteDatabase(file: path, reportingAs: path, readOnly: true, immutable: quiet))
            }
            try schema.migrate(self)
            return
        }
        try self.init(file: path, reportingAs: path, readOnly: readOnly, immutable: quiet)
        if readOnly {
            if !checked { try check(self) }
        } else {
            // SQLite opens a file it may not write read-only, and fails each write later.
            guard sqlite3_db_readonly(handle, "main") != 1 else { throw StorageError(path: path, reason: .readOnly) }
            try execute("PRAGMA journal_mode=WAL")
            try execute("PRAGMA synchronous=FULL")
            try schema?.migrate(self)
            sealsOnClose = true
            OpenWriters.add(path)
        }
    }

    /// Connects to `file` and names `path` in every error: they differ when a copy is checked.
    /// SQLite is told not to follow a symbolic link; the folder is resolved first, so that a
    /// data directory that is itself a link to a folder still works.
    /// With `immutable`, SQLite reads the file as one that cannot change: it takes no lock and
    /// creates no `-wal` or `-shm`; for a file no process has open and no write-ahead log beside it.
    init(file: String, reportingAs path: String, readOnly: Bool, immutable: Bool = false) throws(StorageError) {
        self.path = path
        var connection: OpaquePointer?
        let flags = readOnly
            ? SQLITE_OPEN_READONLY | (immutable ? SQLITE_OPEN_URI : 0)
            : (SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE)
        let resolved = try Self.resolvingFolder(of: file, reportingAs: path)
        let target = immutable ? Self.immutableURI(resolved) : resolved
        let status = sqlite3_open_v2(target, &connection, flags | SQLITE_OPEN_NOMUTEX | SQLITE_OPEN_NOFOLLOW,
                                     SQLiteSyncCounter.vfsName)
        guard status == SQLITE_OK, let connection else {
            let message = connection.map(Self.errorMessage) ?? "cannot open"
            sqlite3_close(connection)
            throw StorageError(path: path, problem: message)
        }
        handle = connection
        sqlite3_busy_timeout(handle, 5000)
    }

    deinit {
        if changeLog != nil {
            sqlite3_update_hook(handle, nil, nil)
            sqlite3_rollback_hook(handle, nil, nil)
        }
        for statement in statements.values { sqlite3_finalize(statement) }
        if sqlite3_close_v2(handle) == SQLITE_OK && sealsOnClose {
            SQLiteCheckSeal.record(path)
        }
        if sealsOnClose { OpenWriters.remove(path) }
    }

    /// Replaces this database's contents with every page of `source` (SQLite's online backup).
    /// A failure (a full disk) is SQLite's message on this, the destination's, connection, where
    /// finishing the backup sets it.
    func copyPages(from source: SQLiteDatabase) throws(StorageError) {
        guard let backup = sqlite3_backup_init(handle, "main", source.handle, "main") else {
            throw StorageError(path: path, problem: errorMessage)
        }
        let status = sqlite3_backup_step(backup, -1)
        let finished = sqlite3_backup_finish(backup)
        changeLog?.forget()
        guard status == SQLITE_DONE, finished == SQLITE_OK else { throw StorageError(path: path, problem: errorMessage) }
    }

    /// How many rows this connection has inserted, updated or deleted since it opened: unchanged
    /// means it wrote nothing, so what it read before still holds (other connections to a
    /// writer's file only read).
    public var totalChanges: Int64 { sqlite3_total_changes64(handle) }

    /// Runs one or more statements that take no parameters and return no rows.
    public func execute(_ sql: String) throws(StorageError) {
        try refuseInjectedWrite(sql)
        try run(sql)
    }

    /// Runs statements without the simulated full disk's refusal: reads, and the statements that
    /// open and end a batch or a read transaction (`SQLiteDatabase+Transactions`), whose writes
    /// inside are refused instead.
    func run(_ sql: String) throws(StorageError) {
        var message: UnsafeMutablePointer<CChar>?
        let status = sqlite3_exec(handle, sql, nil, nil, &message)
        if status != SQLITE_OK {
            sqlite3_free(message)
            throw StorageError(path: path, problem: errorMessage)
        }
    }

    /// Runs `sql` with `values` bound to its `?` parameters; returns the rows it produced.
    @discardableResult
    public func query(_ sql: String, _ values: [SQLiteValue] = []) throws(StorageError) -> [SQLiteRow] {
        try step(sql, values) { row in
            SQLiteRow(columns: row.columns, values: (0..<Int32(row.columns.count)).map { SQLiteStatementRow.value(of: row.statement, at: $0) })
        }
    }

    /// Runs `sql` on `table` and reads each row it produces with `read`, straight from the
    /// statement; a row that cannot be read is an error naming the file, the table and the row
    /// by its `key` column.
    public func rows<Row>(_ sql: String, _ values: [SQLiteValue] = [], table: String, key: String,
                          _ read: (SQLiteStatementRow) throws(SQLiteColumnError) -> Row) throws(StorageError) -> [Row] {
        try step(sql, values) { (row) throws(StorageError) in
            do throws(SQLiteColumnError) {
                return try read(row)
            } catch {
                let id = (try? row.value(SQLiteColumn(key)))?.description ?? "?"
                throw StorageError(path: path, reason: .unreadableRow(table: table, row: "\(key) \(id)", column: error))
            }
        }
    }

    /// Runs `sql` with `values` bound, and reads each row it produces with `read` while the
    /// statement stands on it.
    private func step<Row>(_ sql: String, _ values: [SQLiteValue],
                           _ read: (SQLiteStatementRow) throws(StorageError) -> Row) throws(StorageError) -> [Row] {
        try refuseInjectedWrite(sql)
        let statement = try prepare(sql)
        defer { done(with: statement) }
        try bind(values, to: statement)
        let row = SQLiteStatementRow(statement: statement, columns: (0..<sqlite3_column_count(statement)).map {
            String(cString: sqlite3_column_name(statement, $0))
        })
        var rows: [Row] = []
        while true {
            let status = sqlite3_step(statement)
            if status == SQLITE_DONE { return rows }
            guard status == SQLITE_ROW else {
                throw StorageError(path: path, problem: errorMessage)
            }
            rows.append(try read(row))
        }
    }

    /// Runs `sql` like `query`, but reports a UNIQUE or other constraint violation as false
    /// instead of an error.
    public func insertUnlessConflicting(_ sql: String, _ values: [SQLiteValue]) throws(StorageError) -> Bool {
        try refuseInjectedWrite(sql)
        let statement = try prepare(sql)
        defer { done(with: statement) }
        try bind(values, to: statement)
        let status = sqlite3_step(statement)
        if status == SQLITE_DONE { return true }
        if status & 0xFF == SQLITE_CONSTRAINT { return false }
        throw StorageError(path: path, problem: errorMessage)
    }

    private func refuseInjectedWrite(_ sql: String) throws(StorageError) {
        guard simulatesFullDisk else { return }
        let verb = sql.drop { $0 == " " || $0 == "\n" }.prefix(6).uppercased()
        if ["INSERT", "UPDATE", "DELETE", "BEGIN ", "CREATE"].contains(where: { verb.hasPrefix($0) }) {
            throw StorageError(path: path, reason: .simulatedFullDisk)
        }
    }

    /// SQLite's message, with the system's reason when a file could not be opened or read
    /// ("unable to open database file: Too many open files").
    private var errorMessage: String {
        Self.errorMessage(handle)
    }

    private static func errorMessage(_ handle: OpaquePointer) -> String {
        let message = String(cString: sqlite3_errmsg(handle))
        let code = sqlite3_errcode(handle) & 0xFF
        let systemError = sqlite3_system_errno(handle)
        guard code == SQLITE_CANTOPEN || code == SQLITE_IOERR, systemError != 0 else { return message }
        return message + ": " + String(cString: strerror(systemError))
    }

    /// The statement of `sql`, kept from an earlier use or prepared now; every use ends with
    /// `done(with:)`. A statement is never in use twice: each use steps it to its end before the
    /// next query runs.
    private func prepare(_ sql: String) throws(StorageError) -> OpaquePointer {
        if let kept = statements[StatementKey(sql: sql)] { return kept }
        var statement: OpaquePointer?
        guard sqlite3_prepare_v2(handle, sql, -1, &statement, nil) == SQLITE_OK, let statement else {
            throw StorageError(path: path, problem: errorMessage)
        }
        if statements.count >= Self.statementsKept {
            for kept in statements.values { sqlite3_finalize(kept) }
            statements.removeAll()
        }
        statements[StatementKey(sql: sql)] = statement
        return statement
    }

    /// Ends a use of a statement: reset, its parameters cleared, kept for the next use.
    private func done(with statement: OpaquePointer) {
        sqlite3_reset(statement)
        sqlite3_clear_bindings(statement)
    }

    private func bind(_ values: [SQLiteValue], to statement: OpaquePointer) throws(StorageError) {
        let transient = unsafeBitCast(-1, to: sqlite3_destructor_type.self)
        for (offset, value) in values.enumerated() {
            let index = Int32(offset + 1)
            let status: Int32
            switch value {
            case .integer(let number): status = sqlite3_bind_int64(statement, index, number)
            case .text(var text):
                // Bound from the string's own bytes with their count: no C string made first.
                status = text.withUTF8 { utf8 in
                    utf8.withMemoryRebound(to: CChar.self) { chars in
                        sqlite3_bind_text(statement, index, chars.baseAddress ?? Self.emptyText, Int32(chars.count), transient)
                    }
                }
            case .null: status = sqlite3_bind_null(statement, index)
            }
            guard status == SQLITE_OK else {
                throw StorageError(path: path, problem: errorMessage)
            }
        }
    }

    /// The text bound for an empty string whose bytes have no address: SQLite binds NULL for none.
    private static var emptyText: UnsafePointer<CChar> {
        UnsafeRawPointer(("" as StaticString).utf8Start).assumingMemoryBound(to: CChar.self)
    }
}
