import Synchronization

/// The tokens the API accepted, each with its `exp`, shared by the server's threads; at most
/// `limit` of them, forgotten all at once when full (a client that makes a token a request costs
/// a check a request, as it would without them).
final class AcceptedTokens: Sendable {
    private let tokens = Mutex<[String: Int64]>([:])
    private let limit = 4_096

    /// The `exp` of `token` when it was accepted, else nil.
    func expiry(of token: String) -> Int64? {
        tokens.withLock { $0[token] }
    }

    func keep(_ token: String, expiring expiry: Int64) {
        tokens.withLock { tokens in
            if tokens.count >= limit { tokens.removeAll(keepingCapacity: true) }
            tokens[token] = expiry
        }
    }
}
