/// The strategies in Google Play's words: the same five behaviours, where the app's *finish* is
/// `acknowledgePurchase` or `consumeAsync`.
extension Strategy {
    /// The strategy's word on `store`: `verify-then-acknowledge` on Google Play for
    /// `verify-then-finish`, and so on.
    public func word(on store: StoreKind) -> String {
        guard store == .play else { return rawValue }
        switch self {
        case .verifyThenFinish: return "verify-then-acknowledge"
        case .queueOnly: return "query-only"
        case .finishThenCache: return "acknowledge-then-cache"
        case .finishFirst: return "acknowledge-first"
        case .serverFinishes: return "server-acknowledges"
        }
    }


    /// What the strategy does, in one line, in the words of `store`.
    public func summary(on store: StoreKind) -> String {
        guard store == .play else { return summary }
        switch self {
        case .verifyThenFinish: return "cache the token, verify, acknowledge or consume after the Server credits, drop the cache entry"
        case .queueOnly: return "verify, acknowledge or consume after the Server credits; no cache: queryPurchasesAsync at launch is the queue"
        case .finishThenCache: return "acknowledge or consume at once, then cache, then verify"
        case .finishFirst: return "acknowledge or consume at once, verify, no cache (the naive way)"
        case .serverFinishes: return "the app never acknowledges; the Server consumes or acknowledges after crediting (Google's recommendation); no cache"
        }
    }
}
