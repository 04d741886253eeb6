import IAPCore

/// The app's side of one generation of StoreKit: the calls it makes to the Store and how it
/// reads what the Store sends back. The purchase flow above it — cache, verify, finish, the
/// strategies and crash points — is the same for both generations.
protocol StoreKitChannel {
    var api: StoreKitAPI { get }
    /// How the app asks for its transactions at launch: StoreKit 1's transaction observer, to
    /// which the queue redelivers unfinished transactions; StoreKit 2's `Transaction.updates`
    /// listener, which delivers them.
    var listen: Message { get }
    /// Whether a launch asks the Server to re-check the current receipt: StoreKit 1's way to
    /// learn of refunds and expiries the app missed.
    var checksReceiptAtLaunch: Bool { get }
    /// What the app reads at launch to show what the user owns: StoreKit 2's
    /// `Transaction.currentEntitlements`; nil under StoreKit 1, which has none.
    var entitlementsRequest: Message? { get }
    /// The transactions `Transaction.currentEntitlements` yields, checked on the device; nil
    /// when the message is not its answer.
    func entitlements(_ message: Message) -> [DeliveredTransaction]?
    /// What the app reads next to show the access its subscriptions give: StoreKit 2's
    /// `Product.SubscriptionInfo.status(for:)`; nil under StoreKit 1, which has none.
    var subscriptionStatusRequest: Message? { get }
    /// The subscriptions' states `status(for:)` returns, each transaction checked on the device;
    /// nil when the message is not its answer.
    func subscriptionStatuses(_ message: Message) -> [(transaction: DeliveredTransaction, state: SubscriptionStatus.RenewalState)]?
    /// The call that buys a product.
    func purchase(_ request: PaymentRequest) -> Message
    /// The call that finishes a transaction.
    func finish(_ transactionId: TransactionID) -> Message
    /// The call that restores purchases; StoreKit 1 refreshes a missing receipt first.
    func restore(hasReceipt: Bool) -> Message
    /// The transactions a message from the Store delivers, in order, read as this StoreKit reads
    /// them; none when the message is not one of this generation's deliveries.
    func delivered(_ message: Message) -> [DeliveredTransaction]
}
