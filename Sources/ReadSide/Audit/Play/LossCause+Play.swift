import IAPCore

/// A loss told in Google Play's words: on Play the app's *finish* is `acknowledgePurchase` or
/// `consumeAsync`, and a purchase nobody can reach again is one consumed before the Server
/// credited it: `queryPurchasesAsync` returns only "non-consumed one-time purchases".
extension LossCause {
    /// The cause in one line of English, in the words of `store`.
    public func english(on store: StoreKind) -> String {
        guard store == .play else { return english }
        if self == .renewalUnheard {
            return "the Server never heard of this renewal (no notification, no verification while the subscription ran), and the "
                + "subscription has ended since; queryPurchasesAsync returns only active subscriptions"
        }
        let when = switch self {
        case .noAnswer(let fault): "consumed at once, the verify got no answer (\(fault.rawValue)) and no cache kept the token"
        case .serverDownPastRetries: "consumed at once while the Server was down, with no cache"
        case .finishedBeforeDisk: "consumed before the token was on the disk (the power cut took the unsynced cache write)"
        case .finishedBeforeSaved: "consumed before the token was saved"
        case .finishedWithoutCache: "consumed before the Server credited it, with no cache"
        case .renewalUnheard: "a renewal the Server never heard of"
        }
        return "\(when); queryPurchasesAsync returns only non-consumed purchases"
    }

    /// Which strategies would have saved such a purchase, and why, in the words of `store`.
    public static func rescueExplanation(on store: StoreKind) -> String {
        guard store == .play else { return rescueExplanation }
        return rescuers.map { $0.word(on: .play) }.joined(separator: " or ")
            + " would have saved it: they acknowledge only after the Server credits, so queryPurchasesAsync returns it until then"
    }
}
