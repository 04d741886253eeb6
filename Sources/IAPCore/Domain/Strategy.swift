/// How the app handles a `purchased` transaction: the five strategies of
/// docs/reference/scenario-language.md, "Strategies".
public enum Strategy: String, Sendable, CaseIterable, Codable {
    case verifyThenFinish = "verify-then-finish"
    case queueOnly = "queue-only"
    case finishThenCache = "finish-then-cache"
    case finishFirst = "finish-first"
    /// The app never finishes a purchase: it asks its Server to, and the Server calls the App
    /// Store Server API's Finish Transaction once it has credited it. Apple, Finish Transaction
    /// (App Store Server API 1.20): "If you manage entitlement logic on your server, your server
    /// can call Finish Transaction after it finishes providing the customer with the new content."
    case serverFinishes = "server-finishes"

    /// Whether the app keeps a pending-order cache at all.
    public var usesCache: Bool {
        self == .verifyThenFinish || self == .finishThenCache
    }

    /// Whether the app finishes the transaction as soon as the Store reports it purchased.
    public var finishesAtOnce: Bool {
        self == .finishThenCache || self == .finishFirst
    }

    /// Whether the Server finishes each purchase it credits (Finish Transaction), the app never:
    /// the Store's queue keeps the transaction until the Server's call arrives.
    public var serverFinishes: Bool {
        self == .serverFinishes
    }

    /// One line on what the strategy does, for help screens.
    public var summary: String {
        switch self {
        case .verifyThenFinish: return "cache, verify, finish after the Server credits, drop the cache entry"
        case .queueOnly: return "verify, finish after the Server credits; no cache"
        case .finishThenCache: return "finish at once, then cache, then verify (the React Native receipt-caching module's order)"
        case .finishFirst: return "finish at once, verify, no cache (the naive way)"
        case .serverFinishes:
            return "the app never finishes; the Server calls the App Store Server API's Finish Transaction after crediting; no cache"
        }
    }
}
