import IAPCore
import WorldCore

/// Why a paid purchase is lost for good, as the strategy matrix, the audit and the loss report
/// tell it: each way of finishing it before anything kept it, after which the Store never
/// redelivers it. Only a strategy that finishes at once has such a window: under server-finishes
/// the Server finishes only what it has credited, so no crash or fault loses a purchase; one
/// whose Finish Transaction call was lost is credited and unfinished, and the next launch's
/// verification has the Server call again.
public enum LossCause: Sendable, Equatable {
    /// Finished at once; the verify got no answer (the fault) and no cache kept the receipt.
    case noAnswer(MatrixFault)
    /// Finished at once while the Server was down past the notifications' last retry, with no cache.
    case serverDownPastRetries
    /// Finished before the receipt was on the disk: the power cut took the unsynced cache write.
    case finishedBeforeDisk
    /// Finished before the receipt was saved to the app's cache.
    case finishedBeforeSaved
    /// Finished before the Server credited it, under a strategy that keeps no cache.
    case finishedWithoutCache
    /// A subscription's renewal the Server never heard of (no notification, no verification
    /// while the subscription ran), and the subscription has ended since: Google Play no longer
    /// returns it.
    case renewalUnheard

    /// Why a purchase under this strategy and trial was lost.
    public init(strategy: Strategy, trial: MatrixCell.Trial) {
        self = switch trial {
        case .fault(let fault): .noAnswer(fault)
        case .notified(.serverDownPastRetries): .serverDownPastRetries
        case .powerCut(let point) where strategy.usesCache && point != .finished: .finishedBeforeDisk
        case .crash, .powerCut, .notified(.crash), .abandoned: strategy.usesCache ? .finishedBeforeSaved : .finishedWithoutCache
        }
    }

    /// The strategies that would have saved a purchase lost by finishing it before the Server
    /// credited it, and that the app can switch to on its own: those where it finishes only after
    /// the Server credits. server-finishes would have saved it too, but it needs a Server that
    /// calls Finish Transaction, a change to the backend rather than to the app.
    public static let rescuers = Strategy.allCases.filter { !$0.finishesAtOnce && !$0.serverFinishes }

    /// Which strategies would have saved such a purchase, and why, in one line.
    public static let rescueExplanation = rescuers.map(\.rawValue).joined(separator: " or ")
        + " would have saved it: they finish only after the Server credits, so the Store redelivers it until then"

    /// The cause in one line of English.
    public var english: String {
        let when = switch self {
        case .noAnswer(let fault): "finished at once, the verify got no answer (\(fault.rawValue)) and no cache kept the receipt"
        case .serverDownPastRetries: "finished at once while the Server was down past the last retry, with no cache"
        case .finishedBeforeDisk: "finished before the receipt was on the disk (the power cut took the unsynced cache write)"
        case .finishedBeforeSaved: "finished before the receipt was saved"
        case .finishedWithoutCache: "finished before the Server credited it, with no cache"
        case .renewalUnheard: "a renewal the Server never heard of, of a subscription that has ended since"
        }
        return "\(when); the Store will not redeliver it"
    }

    /// What would have saved a purchase lost so, in one line, in the words of `store`.
    public func rescue(on store: StoreKind) -> String {
        guard self == .renewalUnheard else { return Self.rescueExplanation(on: store) }
        return store == .play
            ? "real-time developer notifications would have saved it (SUBSCRIPTION_RENEWED makes the Server call purchases.subscriptionsv2.get), "
                + "or a launch while the subscription ran"
            : "App Store Server Notifications would have saved it (DID_RENEW), or a receipt check while the subscription ran"
    }
}
