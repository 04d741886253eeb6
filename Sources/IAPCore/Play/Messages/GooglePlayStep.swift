/// A step told in Google Play's words on the timeline of a Play world (`Happening.play`): what
/// the user did there (the words of Play's strategies and crash points), the app's death, and what
/// Google Play did on its own.
public enum GooglePlayStep: Sendable, Equatable, Codable {
    /// The world was made to sell on Google Play: the first line of its timeline.
    case sellsOnGooglePlay
    /// The user starts the app, under a strategy.
    case launch(Strategy)
    /// The user changes the app's strategy.
    case strategy(Strategy)
    /// A crash (or power cut) is armed at a point, or disarmed (nil).
    case armCrash(CrashPoint?, powerCut: Bool)
    /// The app died: at a crash point or between two messages.
    case crash(CrashPoint?, powerCut: Bool)
    /// Google's three-day rule: nobody acknowledged the purchase within three days of PURCHASED,
    /// so Google Play refunded and revoked it (voidedSource 2 Google, voidedReason 8).
    case autoRefunded(TransactionID, productId: String)

    /// The step in English, with Google Play's words.
    public var english: String {
        switch self {
        case .sellsOnGooglePlay: "this world sells on Google Play"
        case .launch(let strategy): "launch (\(strategy.word(on: .play)))"
        case .strategy(let strategy): "strategy \(strategy.word(on: .play))"
        case .armCrash(let point?, let powerCut): "\(powerCut ? "power cut" : "crash") armed at \(point.word(on: .play))"
        case .armCrash(nil, _): "crash disarmed"
        case .crash(let point, let powerCut):
            (powerCut ? "the power was cut " : "the app crashed ")
                + (point.map { "at \($0.word(on: .play)): \($0.explanation(on: .play))" } ?? "between two messages")
        case .autoRefunded(let order, let productId):
            "\(PlaySaid.order(order)) (\(productId)) not acknowledged within three days: Google Play refunded and revoked it "
                + "(voidedSource 2 Google, voidedReason 8 \(VoidedReason.unacknowledgedPurchase.name))"
        }
    }
}

extension GooglePlayStep: EventJSON {
    /// The step as its Codable conformance writes it, each case's keys in sorted order.
    public func write(to json: inout EventJSONWriter) {
        switch self {
        case .sellsOnGooglePlay: json.tag("sellsOnGooglePlay")
        case .launch(let strategy): json.tag("launch") { $0.put("_0", strategy) }
        case .strategy(let strategy): json.tag("strategy") { $0.put("_0", strategy) }
        case .armCrash(let point, let powerCut): json.tag("armCrash") { $0.put("_0", point); $0.put("powerCut", powerCut) }
        case .crash(let point, let powerCut): json.tag("crash") { $0.put("_0", point); $0.put("powerCut", powerCut) }
        case .autoRefunded(let order, let productId): json.tag("autoRefunded") { $0.put("_0", order); $0.put("productId", productId) }
        }
    }
}
