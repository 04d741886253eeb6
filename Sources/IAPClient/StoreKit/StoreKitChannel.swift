import IAPCore

/// The app's side of the store's client library — StoreKit 1 or 2, or Google Play's Billing
/// Library: the calls it makes to the store and how it reads what the store sends back. The
/// purchase flow above it — cache, verify, finish, the strategies and crash points — is the same
/// for each.
protocol StoreKitChannel {
    var api: StoreKitAPI { get }
    /// How the app asks for its transactions at launch: StoreKit 1's transaction observer, to
    /// which the queue redelivers unfinished transactions; StoreKit 2's `Transaction.updates`
    /// listener, which delivers them.
    var listen: Message { get }
    /// Whether a launch asks the Server to re-check the current receipt: StoreKit 1's way to
    /// learn of refunds and expiries the app missed.
    var checksReceiptAtLaunch: Bool { get }
    /// Whether the app reads its app receipt to prove purchases (StoreKit 1).
    var readsAppReceipt: Bool { get }
    /// Whether a promotional offer needs the Server's signature before the app buys it
    /// (StoreKit); Google Play's offers are bought with their `offerToken` alone.
    var signsOffers: Bool { get }
    /// Whether a purchase carries the app's user: StoreKit 2's `appAccountToken`, Google Play's
    /// `obfuscatedAccountId`.
    var tiesPurchasesToAccount: Bool { get }
    /// The call that loads the products for sale at launch; nil when the app asks none.
    func productsRequest(_ identifiers: [String]) -> Message?
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
    /// The call that finishes a transaction; nil when the library cannot name it.
    func finish(_ transactionId: TransactionID) -> Message?
    /// The call that restores purchases; StoreKit 1 refreshes a missing receipt first.
    func restore(hasReceipt: Bool) -> Message
    /// The transactions a message from the Store delivers, in order, read as this StoreKit reads
    /// them; none when the message is not one of this generation's deliveries.
    func delivered(_ message: Message) -> [DeliveredTransaction]
    /// The app is about to verify an order its cache or the store proves: a library that must
    /// name the purchase's token to finish it remembers the token.
    func proven(_ order: PendingOrder)
}

extension StoreKitChannel {
    /// StoreKit's `SKProductsRequest` or `Product.products(for:)`, the same message for both.
    func productsRequest(_ identifiers: [String]) -> Message? {
        .requestProducts(identifiers: identifiers)
    }

    /// StoreKit finishes by transaction id: nothing to remember.
    func proven(_ order: PendingOrder) {}
}
