/// What a Store made now starts from, besides its seed: another world's identity, whose keys,
/// certificates and API keys it takes instead of making its own, and a range of transaction ids
/// of its own. A Store that exists already keeps what it was made with; the default origin makes
/// a Store as it always was.
public struct StoreOrigin: Sendable {
    public let identity: StoreIdentity?
    public let transactionIds: TransactionIDRange?

    public init(identity: StoreIdentity? = nil, transactionIds: TransactionIDRange? = nil) {
        self.identity = identity
        self.transactionIds = transactionIds
    }
}
