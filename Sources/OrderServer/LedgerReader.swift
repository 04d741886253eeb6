import Storage

/// A read-only view of a (possibly live) `server.sqlite`, kept open for repeated reads.
public struct LedgerReader {
    private let database: ServerDatabase

    public init(path: String) throws(StorageError) {
        database = try ServerDatabase(path: path, readOnly: true)
    }

    /// What the Server holds now, read as one moment.
    public func ledger() throws(StorageError) -> Ledger {
        try database.ledger()
    }

    /// How many credits the Server holds now; credits are only ever added, so an unchanged count
    /// means unchanged credits.
    public func creditCount() throws(StorageError) -> Int {
        try database.creditCount()
    }
}
