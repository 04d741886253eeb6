/// Transactions: one at a time, savepoints inside a batch, batches made durable by one commit,
/// and read transactions that see one moment.
extension SQLiteDatabase {
    /// Runs `body` inside one transaction: committed if it returns, rolled back if it throws.
    /// Inside a batch it is a savepoint of the batch's transaction: released if it returns (and
    /// made durable with the batch), rolled back alone if it throws. Its beginning and end are
    /// statements kept prepared: a batch of many credits runs them once per credit.
    public func transaction<Result>(_ body: () throws(StorageError) -> Result) throws(StorageError) -> Result {
        let (begin, commit, rollback) = inBatch
            ? ("SAVEPOINT step", "RELEASE step", "ROLLBACK TO step; RELEASE step")
            : ("BEGIN IMMEDIATE", "COMMIT", "ROLLBACK")
        try query(begin)
        do {
            let result = try body()
            try query(commit)
            return result
        } catch {
            try? execute(rollback)
            changeLog?.forget()
            throw error
        }
    }

    /// Opens a batch (group commit): every write until `commitBatch`, each `transaction` a
    /// savepoint, is one SQLite transaction, made durable by one commit. The caller holds back
    /// whatever depends on those writes (a reply that says they were made) until the commit.
    public func beginBatch() throws(StorageError) {
        guard !inBatch else { return }
        try run("BEGIN IMMEDIATE")
        inBatch = true
    }

    /// Commits the open batch, durably; nothing when none is open. A commit that fails rolls
    /// the whole batch back.
    public func commitBatch() throws(StorageError) {
        guard inBatch else { return }
        inBatch = false
        do {
            try run("COMMIT")
        } catch {
            try? run("ROLLBACK")
            throw error
        }
    }

    /// Runs `body` inside one read transaction: every read in it sees the moment of its first
    /// read, whatever other connections commit meanwhile (inside a batch, the batch's moment).
    public func reading<Result>(_ body: () throws(StorageError) -> Result) throws(StorageError) -> Result {
        guard !inBatch else { return try body() }
        try run("BEGIN DEFERRED")
        defer { try? run("COMMIT") }
        return try body()
    }
}
