import IAPCore
import WorldCore

/// How chaos turns the Store's switches.
extension StoreSwitch {
    /// The switches turned on and off that chaos draws, in the order it draws them: the order
    /// keeps the runs a seed makes what they have always been.
    static let drawnByChaos: [StoreSwitch] = [.askToBuy, .fail, .payments, .interrupt, .sync, .deviceVerification, .subscriptionStatus]

    /// For a switch whose values are words of its own: the weight chaos gives its command, nil
    /// when chaos leaves it alone.
    var chaosWeight: Int? {
        switch self {
        case .environment: 1
        case .verifyReceipt: 2
        default: nil
        }
    }
}
