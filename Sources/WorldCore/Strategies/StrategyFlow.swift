import IAPCore

/// The crash points a strategy's purchase flow passes, in the order the app reaches them
/// (docs/reference/scenario-language.md, "Strategies"); a point not in the list is never reached.
/// Under server-finishes the app never reaches `finished`: the Server's Finish Transaction call
/// follows its credit (`server-committed`) on the Store's side, whatever becomes of the app.
public enum StrategyFlow {
    public static func points(_ strategy: Strategy) -> [CrashPoint] {
        switch strategy {
        case .verifyThenFinish: return [.paymentSent, .purchased, .cached, .serverCommitted, .verified, .finished]
        case .queueOnly: return [.paymentSent, .purchased, .serverCommitted, .verified, .finished]
        case .finishThenCache: return [.paymentSent, .purchased, .finished, .cached, .serverCommitted, .verified]
        case .finishFirst: return [.paymentSent, .purchased, .finished, .serverCommitted, .verified]
        case .serverFinishes: return [.paymentSent, .purchased, .serverCommitted, .verified]
        }
    }

    /// Whether a purchase under `strategy` ever gets to `point`.
    public static func reaches(_ strategy: Strategy, _ point: CrashPoint) -> Bool {
        points(strategy).contains(point)
    }

    /// Whether a crash at `point` loses the purchase under `strategy`, as the matrix's runs find:
    /// the app had finished it (so the Store will not redeliver it) and nothing kept it yet, no
    /// cache entry and no Server credit; with App Store Server Notifications on (`notified`) the
    /// Store's notification credits it without the app, so nothing is lost. Under server-finishes
    /// no crash loses it: only the Server finishes, and only what it has credited; until its call
    /// arrives the Store's queue keeps the transaction, and a lost call is made again when the next
    /// launch asks.
    public static func loses(_ strategy: Strategy, at point: CrashPoint, notified: Bool = false) -> Bool {
        let flow = points(strategy)
        guard !notified, let index = flow.firstIndex(of: point) else { return false }
        let done = flow[...index]
        return done.contains(.finished) && !done.contains(.cached) && !done.contains(.serverCommitted)
    }
}
