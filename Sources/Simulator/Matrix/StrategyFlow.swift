import IAPCore

/// The crash points a strategy's purchase flow passes, in the order the app reaches them
/// (DESIGN.md, "Strategies, side by side"); a point not in the list is never reached.
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
}
