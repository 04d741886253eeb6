/// What one connection wrote since a reader last asked (`SQLiteDatabase.takeChanges()`): the rowid
/// of every row it inserted, updated or deleted, by table, so that a reader of its own writes
/// reads those rows again instead of every row; or that it cannot say, and everything must be
/// read again.
public enum SQLiteChanges: Sendable, Equatable {
    /// Nothing is known of what was written: changes were not kept until now, a transaction or a
    /// savepoint rolled back (undoing writes already told), or more rows changed than are kept.
    case unknown
    /// The rows written, by table; a table not named had no row written.
    case rows([String: Set<Int64>])

    /// The rows written to `table`; nil when they are unknown.
    public func rows(of table: String) -> Set<Int64>? {
        switch self {
        case .unknown: nil
        case .rows(let tables): tables[table] ?? []
        }
    }

    /// Whether any row of a table other than `tables` was written, or that is unknown.
    public func touches(anyBut tables: Set<String>) -> Bool {
        switch self {
        case .unknown: true
        case .rows(let written): written.keys.contains { !tables.contains($0) }
        }
    }
}

/// The rows a connection wrote since they were last taken, filled by SQLite's update hook; an
/// object of its own so that the hook's context pointer stays valid while the connection lives.
final class SQLiteChangeLog {
    /// The most rows kept between two takes: past it, reading everything again costs no more.
    static let rowsKept = 10_000

    private var rows: [String: Set<Int64>] = [:]
    private var count = 0
    private var known = false

    /// Records that a row of `table` was written.
    func wrote(_ table: String, rowid: Int64) {
        guard known else { return }
        count += 1
        guard count <= Self.rowsKept else { return forget() }
        rows[table, default: []].insert(rowid)
    }

    /// Records that what was written can no longer be told: a rollback undid writes already told.
    func forget() {
        known = false
        rows = [:]
    }

    /// What was written since the last take, and starts keeping anew.
    func take() -> SQLiteChanges {
        defer {
            rows = [:]
            count = 0
            known = true
        }
        return known ? .rows(rows) : .unknown
    }
}
