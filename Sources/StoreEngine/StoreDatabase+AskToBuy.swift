import Storage

extension StoreDatabase {
    /// The Ask to Buy requests still waiting that were last asked at `cutoff` (milliseconds) or
    /// before, oldest first: their ids read through the index of waiting requests (a condition
    /// on the row itself, ordered by id, would have SQLite walk the whole table in id order).
    func waitingRequests(askedBy cutoff: Int64) throws(StorageError) -> [StoreRecord] {
        try records(where: Self.waitingAskedBy, [.integer(cutoff)])
    }

    static let waitingAskedBy = "id IN (SELECT id FROM transactions WHERE state = 'deferred' AND date_millis <= ?)"

    /// When each Ask to Buy request still waiting was last asked (milliseconds), read from the
    /// index of waiting requests alone.
    func waitingRequestDates() throws(StorageError) -> [Int64] {
        try database.rows(Self.waitingDatesQuery, table: "transactions", key: "date_millis") {
            (row) throws(SQLiteColumnError) in try row.integer("date_millis")
        }
    }

    static let waitingDatesQuery = "SELECT date_millis FROM transactions WHERE state = 'deferred'"
}
