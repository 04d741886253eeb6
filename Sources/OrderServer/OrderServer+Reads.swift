import IAPCore
import Storage

extension OrderServer {
    /// What a (possibly live) `server.sqlite` holds, read without changing it.
    public static func readLedger(path: String) throws(StorageError) -> Ledger {
        try ServerDatabase(path: path, readOnly: true).ledger()
    }

    /// The latest verifyReceipt answer a (possibly live) `server.sqlite` received about each
    /// transaction, as the JSON it received, read without changing it.
    public static func readVerifyReceiptResponses(path: String) throws(StorageError) -> [TransactionID: String] {
        try ServerDatabase(path: path, readOnly: true).responses()
    }

    /// The highest transaction id a (possibly live) `server.sqlite` has credited, nil when none,
    /// read without changing it and without reading the whole ledger.
    public static func readHighestCreditedId(path: String) throws(StorageError) -> TransactionID? {
        try readHistory(path: path).highestCreditedId
    }

    /// The highest transaction id a (possibly live) `server.sqlite` has credited and the world
    /// it belongs to, read without changing it.
    public static func readHistory(path: String) throws(StorageError) -> (highestCreditedId: TransactionID?, worldId: String?) {
        let database = try ServerDatabase(path: path, readOnly: true)
        return (try database.highestCreditedId(), try database.worldId())
    }

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
