/// The crash points in Google Play's words: the same six moments of the purchase flow.
extension CrashPoint {
    /// The point's word on `store`: `billing-flow-launched` for `payment-sent` and
    /// `acknowledged` for `finished` on Google Play, the others as on the App Store.
    public func word(on store: StoreKind) -> String {
        guard store == .play else { return rawValue }
        switch self {
        case .paymentSent: return "billing-flow-launched"
        case .finished: return "acknowledged"
        default: return rawValue
        }
    }

    /// The step of the purchase flow the point follows, on `store`.
    public func explanation(on store: StoreKind) -> String {
        guard store == .play else { return explanation }
        switch self {
        case .paymentSent: return "the app has called launchBillingFlow"
        case .purchased: return "onPurchasesUpdated has reported the purchase PURCHASED"
        case .cached: return "the app has saved the purchase token to its cache"
        case .serverCommitted: return "the Server has credited the purchase token; its reply is on the way"
        case .verified: return "the app has heard that the Server credited it"
        case .finished: return "the app has called acknowledgePurchase or consumeAsync"
        }
    }
}
