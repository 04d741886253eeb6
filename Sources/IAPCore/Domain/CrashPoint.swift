/// A named moment in a purchase flow where the app can be made to crash ("right after this step").
public enum CrashPoint: String, Sendable, CaseIterable, Codable {
    case paymentSent = "payment-sent"
    case purchased
    case cached
    case serverCommitted = "server-committed"
    case verified
    case finished

    /// The step of the purchase flow that the point follows (docs/reference/scenario-language.md,
    /// "Crash points").
    public var explanation: String {
        switch self {
        case .paymentSent: return "the app has sent the payment to the Store"
        case .purchased: return "the Store has reported the purchase to the app"
        case .cached: return "the app has saved the pending order to its cache"
        case .serverCommitted: return "the Server has credited the order; its reply is on the way"
        case .verified: return "the app has heard that the Server credited the order"
        case .finished: return "the app has finished the transaction with the Store"
        }
    }
}
