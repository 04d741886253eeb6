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
    /// How `verifyReceipt` answers: normally, 21005 (down) or 21002 (a temporary issue).
    public var verification: VerificationService = .up
    /// Where the receipts the Store hands out come from.
    public var environment: StoreEnvironment = .production

    /// The states of the `verifyReceipt` service.
    public enum VerificationService: String, Sendable, CaseIterable {
        case up
        /// "The receipt server was temporarily unable to provide the receipt" (21005).
        case down
        /// "The service experienced a temporary issue" (21002).
        case temporaryIssue = "temporary-issue"
    }

    public init() {}
}
