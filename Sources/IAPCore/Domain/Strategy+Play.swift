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

}
