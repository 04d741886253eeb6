/// The Store's switches that a scenario, the TUI or a test turns on and off.
public struct StoreSwitches: Sendable, Equatable {
    /// Every purchase needs a parent's approval.
    public var askToBuy = false
    /// Every purchase is interrupted (Apple's sandbox flow): it fails until the user resolves it.
    public var interruptPurchases = false
    /// When set, every purchase fails with this error.
    public var failPurchases: PurchaseError?
    /// False when the device cannot make payments.
    public var paymentsAllowed = true
    /// False when product requests fail (the Store cannot be reached for the catalog).
    public var productRequestsAnswered = true
    /// Products the Store has stopped selling: their identifiers come back invalid.
    public var withdrawn: Set<String> = []
    /// False when `verifyReceipt` answers 21005.
    public var verificationAvailable = true

    public init() {}
}
