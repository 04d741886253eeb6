/// How the app handles a `purchased` transaction: the four strategies of
/// docs/reference/scenario-language.md, "Strategies".
public enum Strategy: String, Sendable, CaseIterable, Codable {
    case verifyThenFinish = "verify-then-finish"
    case queueOnly = "queue-only"
    case finishThenCache = "finish-then-cache"
    case finishFirst = "finish-first"

    /// Whether the app keeps a pending-order cache at all.
    public var usesCache: Bool {
        self == .verifyThenFinish || self == .finishThenCache
    }

    /// Whether the app finishes the transaction as soon as the Store reports it purchased.
    public var finishesAtOnce: Bool {
        self == .finishThenCache || self == .finishFirst
    }

    /// One line on what the strategy does, for help screens.
    public var summary: String {
        switch self {
        case .verifyThenFinish: return "cache, verify, finish after the Server credits, drop the cache entry"
        case .queueOnly: return "verify, finish after the Server credits; no cache"
        case .finishThenCache: return "finish at once, then cache, then verify (the React Native receipt-caching module's order)"
        case .finishFirst: return "finish at once, verify, no cache (the naive way)"
        }
    }
}
