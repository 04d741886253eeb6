import Synchronization

/// The tables of one kind of database file, as the steps that build them: step n brings a file
/// from version n - 1 to version n, recorded in `PRAGMA user_version`. A new version is one more
/// step appended; a released step never changes. Step 1 creates its tables `IF NOT EXISTS`, so
/// that it also stamps the files written before versions were recorded (version 0, its tables).
public struct SQLiteSchema: Sendable {
    public let steps: [String]

    public init(steps: [String]) {
        self.steps = steps
    }

    /// The newest version this binary knows.
    public var newestVersion: Int { steps.count }

    /// Checks, without writing, that `database` is a file of this schema that this binary can
    /// use: a version it knows, holding exactly the tables of that version (a version-0 file may
    /// also be new and empty). Returns the file's version.
    @discardableResult
    func check(_ database: SQLiteDatabase) throws(StorageError) -> Int {
        let version = try Self.version(of: database)
        guard version <= newestVersion else {
            throw StorageError(path: database.path, reason: .newerVersion(found: version, newest: newestVersion))
        }
        let found = try Self.definitions(in: database)
        if version == 0 && found.isEmpty { return version }
        try withBuilt(version: max(version, 1)) { (expected) throws(StorageError) in
            try Self.compare(database, found, with: expected, Self.definitions(in: expected))
        }
        return version
    }

    /// Brings the writable `database` to the newest version, every step in one transaction; a
    /// new, empty file gets the newest version's pages whole, copied in one transaction from the
    /// database the steps built once in this process.
    func migrate(_ database: SQLiteDatabase) throws(StorageError) {
        let version = try Self.version(of: database)
        guard version != newestVersion else { return }
        if version == 0, try database.holdsNoTables() {
            try withBuilt(version: newestVersion) { (built) throws(StorageError) in try database.copyPages(from: built) }
            return
        }
        try database.transaction { () throws(StorageError) in
            let version = try check(database)
            for step in steps[version...] {
                try database.execute(step)
            }
            try database.execute("PRAGMA user_version = \(newestVersion)")
        }
    }

    /// The databases in memory the first steps of a schema built, by those steps: each built in
    /// this process and then only read, and lent to one caller at a time. A caller who finds none
    /// free builds one more, so that two threads opening databases at once (two chaos runs) never
    /// wait for each other's copy or check; there are never more than the threads that opened at once.
    private static let built = Mutex<[[String]: [BuiltDatabase]]>([:])

    /// Runs `body` with a database in memory the first `version` steps build, lent to it alone.
    private func withBuilt(version: Int, _ body: (SQLiteDatabase) throws(StorageError) -> Void) throws(StorageError) {
        let key = Array(steps[..<version])
        let lent: BuiltDatabase
        if let free = Self.built.withLock({ $0[key]?.popLast() }) {
            lent = free
        } else {
            lent = BuiltDatabase(try expectedDatabase(version: version))
        }
        defer { Self.built.withLock { $0[key, default: []].append(lent) } }
        try body(lent.database)
    }

    /// A database in memory built by the first `version` steps, and stamped with that version:
    /// what a file of that version holds.
    private func expectedDatabase(version: Int) throws(StorageError) -> SQLiteDatabase {
        let database = try SQLiteDatabase(file: ":memory:", reportingAs: "schema version \(version)", readOnly: false)
        for step in steps[..<version] {
            try database.execute(step)
        }
        try database.execute("PRAGMA user_version = \(version)")
        return database
    }

    private static func version(of database: SQLiteDatabase) throws(StorageError) -> Int {
        let versions = try database.rows("PRAGMA user_version", table: "user_version", key: "user_version") {
            (row) throws(SQLiteColumnError) in Int(try row.integer("user_version"))
        }
        return versions.first ?? 0
    }

    /// Every table, index, view and trigger by name, with its SQL in words separated by one space.
    private static func definitions(in database: SQLiteDatabase) throws(StorageError) -> [String: String] {
        let pairs = try database.rows("""
            SELECT name, sql FROM sqlite_master WHERE name NOT LIKE 'sqlite\\_%' ESCAPE '\\'
            """, table: "sqlite_master", key: "name") { (row) throws(SQLiteColumnError) in
            (try row.text("name"), (try row.optionalText("sql") ?? "").split(whereSeparator: \.isWhitespace).joined(separator: " "))
        }
        return Dictionary(pairs) { first, _ in first }
    }

    /// Throws for the first table (by name) that is missing, unknown or defined otherwise.
    private static func compare(_ database: SQLiteDatabase, _ found: [String: String],
                                with expectedDatabase: SQLiteDatabase, _ expected: [String: String]) throws(StorageError) {
        for name in Set(found.keys).union(expected.keys).sorted() where found[name] != expected[name] {
            let problem: String
            if found[name] == nil {
                problem = "missing"
            } else if expected[name] == nil {
                problem = "unknown"
            } else {
                let columns = try columnNames(database, name), wanted = try columnNames(expectedDatabase, name)
                if let missing = wanted.first(where: { !columns.contains($0) }) {
                    problem = "column \(missing) is missing"
                } else if let unknown = columns.first(where: { !wanted.contains($0) }) {
                    problem = "column \(unknown) is unknown"
                } else {
                    problem = "defined differently"
                }
            }
            throw StorageError(path: database.path, reason: .otherSchema(table: name, problem: problem))
        }
    }

    private static func columnNames(_ database: SQLiteDatabase, _ table: String) throws(StorageError) -> [String] {
        try database.rows("SELECT name FROM pragma_table_info(?)", [.text(table)], table: table, key: "name") {
            (row) throws(SQLiteColumnError) in try row.text("name")
        }
    }
}

/// A database in memory built by a schema's first steps, only ever read, and used by one thread
/// at a time: the one it is lent to (`SQLiteSchema.withBuilt`).
private final class BuiltDatabase: @unchecked Sendable {
    let database: SQLiteDatabase

    init(_ database: SQLiteDatabase) {
        self.database = database
    }
}
