import IAPCore

/// The Play Billing Library, as the app uses it in a world that sells on Google Play:
/// `launchBillingFlow` and its `onPurchasesUpdated`, `queryPurchasesAsync` at launch (Google: "It
/// is recommended that you do this when your app successfully establishes a connection with the
/// Google Play Billing Library"), and the app's *finish*: `consumeAsync` for a consumable,
/// `acknowledgePurchase` otherwise ("Both methods fulfill the acknowledgement requirement").
/// It remembers each purchase's token, learned when Play hands the purchase over or the cache
/// proves it, for the finish that names it.
final class PlayBillingChannel: StoreKitChannel {
    let catalog: Catalog
    /// The purchase token of each order the app heard of.
    private var tokens: [TransactionID: String] = [:]
    /// The product of each order the app heard of.
    private var productIds: [TransactionID: String] = [:]
    /// The orders Play handed over acknowledged already.
    private var acknowledged: Set<TransactionID> = []

    /// The app's StoreKit generation, which a Play world keeps in its settings and never uses.
    let api: StoreKitAPI

    init(catalog: Catalog, api: StoreKitAPI) {
        self.catalog = catalog
        self.api = api
    }

    var listen: Message { .play(.queryPurchases) }
    var checksReceiptAtLaunch: Bool { false }
    var readsAppReceipt: Bool { false }
    var signsOffers: Bool { false }
    var tiesPurchasesToAccount: Bool { true }
    var entitlementsRequest: Message? { nil }
    var subscriptionStatusRequest: Message? { nil }

    func entitlements(_ message: Message) -> [DeliveredTransaction]? {
        nil
    }

    func subscriptionStatuses(_ message: Message) -> [(transaction: DeliveredTransaction, state: SubscriptionStatus.RenewalState)]? {
        nil
    }

    /// Product details are not asked in this release: the app sells what its catalog lists.
    func productsRequest(_ identifiers: [String]) -> Message? {
        nil
    }

    /// `launchBillingFlow`, with the app's user as `obfuscatedAccountId` (`appAccountToken`).
    func purchase(_ request: PaymentRequest) -> Message {
        .play(.launchBillingFlow(request))
    }

    /// `consumeAsync` for a consumable, `acknowledgePurchase` for any other product; nil for an
    /// order Play handed over acknowledged already (Google: "Make sure the purchase hasn't been
    /// previously acknowledged"), or whose token the app never learned.
    func finish(_ transactionId: TransactionID) -> Message? {
        guard !acknowledged.contains(transactionId), let token = tokens[transactionId],
              let order = PlayOrderID(transactionId: transactionId) else { return nil }
        let consumable = catalog.type(ofProduct: productIds[transactionId] ?? "") == .consumable
        return .play(consumable ? .consume(token: token, order: order) : .acknowledgePurchase(token: token, order: order))
    }

    /// A restore is `queryPurchasesAsync`: Play returns every purchase the account holds.
    func restore(hasReceipt: Bool) -> Message {
        .play(.queryPurchases)
    }

    func proven(_ order: PendingOrder) {
        guard case .purchaseToken(let token) = order.proof else { return }
        remember(order.transactionId, token: token, productId: order.productId)
    }

    /// `onPurchasesUpdated` and `queryPurchasesAsync`'s purchases. A PURCHASED purchase not yet
    /// acknowledged is the app's to process; one acknowledged before comes back as a restore
    /// (verified, never acknowledged twice); a PENDING one waits; USER_CANCELED and
    /// ITEM_ALREADY_OWNED end the flow.
    func delivered(_ message: Message) -> [DeliveredTransaction] {
        switch message {
        case .play(.purchasesUpdated(let productId, let updated)):
            guard updated.billingResult.responseCode == .ok else {
                let error: PurchaseError = updated.billingResult.responseCode == .userCanceled ? .paymentCancelled : .paymentInvalid
                return [DeliveredTransaction(id: nil, renews: false, productId: productId, state: .failed, proof: nil, error: error,
                                             deviceCheck: nil)]
            }
            return updated.purchases.map(transaction)
        case .play(.purchasesResult(let purchases)):
            return purchases.map(transaction)
        default:
            return []
        }
    }

    /// A purchase as the flow reads it, its token remembered.
    private func transaction(_ purchase: PlayPurchase) -> DeliveredTransaction {
        let id = purchase.orderId.transactionId
        remember(id, token: purchase.purchaseToken, productId: purchase.productId)
        if purchase.isAcknowledged { acknowledged.insert(id) }
        let state: TransactionState = switch purchase.purchaseState {
        case .pending: .deferred
        case .purchased: purchase.isAcknowledged ? .restored : .purchased
        }
        return DeliveredTransaction(id: id, renews: false, productId: purchase.productId, state: state,
                                    proof: .purchaseToken(purchase.purchaseToken), error: nil, deviceCheck: nil)
    }

    private func remember(_ id: TransactionID, token: String, productId: String) {
        tokens[id] = token
        productIds[id] = productId
    }
}
