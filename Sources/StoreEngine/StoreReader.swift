import Storage

/// A read-only view of a (possibly live) `store.sqlite`, kept open for repeated reads.
public struct StoreReader {
    private let database: StoreDatabase

    public init(path: String) throws(StorageError) {
        database = try StoreDatabase(path: path, readOnly: true)
    }

    /// Every transaction, oldest first, as of one moment, without the receipts handed out with
    /// them (nil), which neither the audit nor the state reads (a receipt lists every purchase
    /// left unfinished before it, so a long history's receipts outweigh all the rest): `pinned`
    /// runs right after that moment is fixed (inside the read transaction), and nil comes back
    /// when it says the moment will not do.
    public func transactions(pinned: () throws(StorageError) -> Bool) throws(StorageError) -> [StoreRecord]? {
        try database.database.reading { () throws(StorageError) -> [StoreRecord]? in
            _ = try database.lastIssuedId()
            guard try pinned() else { return nil }
            return try database.records(withReceipts: false)
        }
    }
}
