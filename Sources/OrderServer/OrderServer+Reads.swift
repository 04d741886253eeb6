import Storage

extension OrderServer {
    /// How many rows `server.sqlite` was written since it opened: while it is unchanged, whatever
    /// was read of it still holds. Nil while a batch is open, whose writes a failed commit still
    /// rolls back.
    public var writeStamp: Int64? { database.database.inBatch ? nil : database.database.totalChanges }

    /// How many credits the Server made for `productId`, counted in `server.sqlite`.
    public func creditCount(productId: String) throws(ServerError) -> Int {
        try onDisk { () throws(StorageError) in try database.creditCount(productId: productId) }
    }

    /// The Server's balance of `currency`, 0 when it never credited any.
    public func balance(of currency: String) throws(ServerError) -> Int {
        try onDisk { () throws(StorageError) in try database.balance(of: currency) }
    }

    /// The ledger's entitlements alone (and the family's), with none of its credits, rejections
    /// or balances: enough to ask `Ledger.owns` and `Ledger.shares` without reading the history.
    public func entitlements() throws(ServerError) -> Ledger {
        try onDisk { () throws(StorageError) in try database.entitlements() }
    }
}
