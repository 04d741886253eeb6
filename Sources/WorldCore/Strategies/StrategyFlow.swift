import IAPCore

/// The crash points a strategy's purchase flow passes, in the order the app reaches them
/// (docs/reference/scenario-language.md, "Strategies"); a point not in the list is never reached.
public enum StrategyFlow {
    public static func points(_ strategy: Strategy) -> [CrashPoint] {
        switch strategy {
        case .verifyThenFinish: return [.paymentSent, .purchased, .cached, .serverCommitted, .verified, .finished]
        case .queueOnly: return [.paymentSent, .purchased, .serverCommitted, .verified, .finished]
        case .finishThenCache: return [.paymentSent, .purchased, .finished, .cached, .serverCommitted, .verified]
        case .finishFirst: return [.paymentSent, .purchased, .finished, .serverCommitted, .verified]
        }
    }

    /// Whether a purchase under `strategy` ever gets to `point`.
    public static func reaches(_ strategy: Strategy, _ point: CrashPoint) -> Bool {
        points(strategy).contains(point)
    }

    /// Whether a crash at `point` loses the purchase under `strategy`, as the matrix's runs find:
    /// the app had finished it (so the Store will not redeliver it) and nothing kept it yet, no
    /// cache entry and no Server credit; with App Store Server Notifications on (`notified`) the
    /// Store's notification credits it without the app, so nothing is lost.
    public static func loses(_ strategy: Strategy, at point: CrashPoint, notified: Bool = false) -> Bool {
        let flow = points(strategy)
        guard !notified, let index = flow.firstIndex(of: point) else { return false }
        let done = flow[...index]
        return done.contains(.finished) && !done.contains(.cached) && !done.contains(.serverCommitted)
    }
}
