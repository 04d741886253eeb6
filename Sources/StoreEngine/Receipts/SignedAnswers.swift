import IAPCore

/// The signed transactions Get Transaction Info answered at one moment of the simulated clock,
/// kept while `store.sqlite` is as it was (its count of changes, outside a batch): asked again
/// at that moment, the Store answers the same bytes without signing them again — a backend
/// under load asks thousands of times between two ticks of the clock.
struct SignedAnswers {
    private var millis: Int64 = -1
    private var changes: Int64 = -1
    private var signed: [TransactionID: String] = [:]
    /// The most transactions kept; past it the answers are forgotten and kept afresh.
    private static let limit = 10_000

    /// The JWS kept of `id`, when it was signed at `millis` with the database at `changes`.
    func signed(_ id: TransactionID, millis: Int64, changes: Int64, inBatch: Bool) -> String? {
        guard !inBatch, millis == self.millis, changes == self.changes else { return nil }
        return signed[id]
    }

    mutating func keep(_ jws: String, of id: TransactionID, millis: Int64, changes: Int64, inBatch: Bool) {
        guard !inBatch else { return }
        if millis != self.millis || changes != self.changes || signed.count >= Self.limit {
            (self.millis, self.changes, signed) = (millis, changes, [:])
        }
        signed[id] = jws
    }
}
