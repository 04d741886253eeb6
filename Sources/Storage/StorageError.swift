/// A failure of the storage layer, naming the file and what went wrong.
public struct StorageError: Error, Equatable, CustomStringConvertible, Sendable {
    /// What went wrong with the file.
    public indirect enum Reason: Equatable, Sendable {
        /// A system call or SQLite failed with this message.
        case failed(String)
        /// The file is not a database, or fails SQLite's integrity check.
        case damaged(String)
        /// The file's schema version is newer than the newest this binary knows.
        case newerVersion(found: Int, newest: Int)
        /// The file is a database of another schema: a table is missing, unknown or different.
        case otherSchema(table: String, problem: String)
        /// A row holds a value that cannot be read.
        case unreadableRow(table: String, row: String, column: SQLiteColumnError)
        /// Something other than a regular file stands where StoreSim keeps one of its files.
        case notARegularFile(FileKind)
        /// A file StoreSim writes has other names (hard links): writing it could change a file
        /// elsewhere.
        case hardLinked(names: Int)
        /// A database's companion file (`-wal`, `-shm`, `-journal`, `-checked`) is refused for
        /// this reason.
        case companion(suffix: String, Reason)
        /// A database that must be written can only be read (its mode, an immutable file, a
        /// read-only file system).
        case readOnly
        /// An integer column's value plus `change` would leave SQLite's 64-bit integers, where
        /// SQLite would store the sum as a floating-point number.
        case integerOverflow(table: String, row: String, column: String, value: Int64, change: Int64)
        /// A write failed because the simulator made the disk full (a Store switch or a chaos fault).
        case simulatedFullDisk
    }

    public let path: String
    public let reason: Reason

    public init(path: String, reason: Reason) {
        self.path = path
        self.reason = reason
    }

    public init(path: String, problem: String) {
        self.init(path: path, reason: .failed(problem))
    }

    /// The place in the file and what is wrong there, on one line.
    public var problem: String {
        switch reason {
        case .failed(let message):
            return message
        case .damaged(let verdict):
            return "damaged database: \(verdict); left untouched"
        case .newerVersion(let found, let newest):
            return "schema version \(found) is newer than this storesim knows (newest \(newest)); left untouched"
        case .otherSchema(let table, let problem):
            return "table \(table): \(problem); not a schema this storesim knows, left untouched"
        case .unreadableRow(let table, let row, let column):
            return "table \(table), row \(row): \(column)"
        case .notARegularFile(let kind):
            return "is \(kind.name), not a regular file; left untouched"
        case .hardLinked(let names):
            return "has \(names) names (hard links), and StoreSim writes only a file of its own; left untouched"
        case .companion(let suffix, let reason):
            return "its \(suffix) " + StorageError(path: path, reason: reason).problem
        case .readOnly:
            return "can only be read (a read-only file or file system), and StoreSim must write it; left untouched"
        case .integerOverflow(let table, let row, let column, let value, let change):
            let (sign, bound, end) = change < 0 ? ("-", Int64.min, "smallest") : ("+", Int64.max, "largest")
            return "table \(table), row \(row): column \(column) \(value) \(sign) \(change.magnitude) would pass \(bound), "
                + "the \(end) whole number SQLite keeps; refused, nothing changed"
        case .simulatedFullDisk:
            return "write failed: no space left on device (simulated)"
        }
    }

    public var description: String { "\(path): \(problem)" }
}
