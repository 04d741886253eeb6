/// A step the app takes on its own, as the timeline tells it: what it did with its cache and its
/// receipt, what StoreKit told it on the device, and a tap it turned down.
public enum AppStep: Sendable, Equatable, Codable {
    case couldNotKeepReceipt(problem: String)
    case savedPendingOrder(TransactionID)
    case couldNotSavePendingOrder(problem: String)
    case setAsidePendingOrder(TransactionID, SetAsideReason)
    case couldNotSetAsidePendingOrder(problem: String)
    case removedPendingOrder(TransactionID)
    case couldNotRemovePendingOrder(problem: String)
    /// StoreKit 2 could not read a subscription's status; access stays as the entitlements showed it.
    case subscriptionStatusUnread(reason: StoreFailure)
    /// The Server signed no offer, so nothing was sent to the Store.
    case offerNotSignedByServer(offerId: String)
    /// The app did not start a purchase the user tapped, and why.
    case buyRefused(BuyRefusal)
    case verifiedOnDevice(TransactionID)
    case unverifiedOnDevice(TransactionID, reason: UnverifiedReason)
    /// `Transaction.updates` told of a revoked transaction: the app stops providing its product.
    case revoked(TransactionID, productId: String)
    /// The app could not save a purchase's order, so it finished nothing: the Store's queue keeps it.
    case stoppedBeforeFinishing(productId: String)
    /// A power cut: how many bytes of the cache's writes were never fsynced, and so lost.
    case powerCut(lostBytes: Int)

    /// The step in English.
    public var english: String {
        switch self {
        case .couldNotKeepReceipt(let problem): "could not keep the receipt: \(problem)"
        case .savedPendingOrder(let id):
            String(atMost: 48) { text in
                text.literal("save pending order tx ")
                text.decimal(id.value)
            }
        case .couldNotSavePendingOrder(let problem): "could not save pending order: \(problem)"
        case .setAsidePendingOrder(let id, let reason): "set aside pending order tx \(id): \(reason.english)"
        case .couldNotSetAsidePendingOrder(let problem): "could not set aside pending order: \(problem)"
        case .removedPendingOrder(let id):
            String(atMost: 48) { text in
                text.literal("remove pending order tx ")
                text.decimal(id.value)
            }
        case .couldNotRemovePendingOrder(let problem): "could not remove pending order: \(problem)"
        case .subscriptionStatusUnread(let reason):
            "could not read the subscription status (\(reason.english)); access stays as Transaction.currentEntitlements showed it"
        case .offerNotSignedByServer(let offerId): "the Server did not sign offer \(offerId); nothing was sent to the Store"
        case .buyRefused(let refusal): "refused: \(refusal)"
        case .verifiedOnDevice(let id): "StoreKit verified tx \(id): .verified"
        case .unverifiedOnDevice(let id, let reason): "StoreKit could not verify tx \(id): .unverified (\(reason.english)); the app delivers nothing"
        case .revoked(let id, let productId): "Transaction.updates: tx \(id) was revoked; the app stops providing \(productId)"
        case .stoppedBeforeFinishing(let productId):
            "purchase of \(productId) stopped before anything was finished; the Store's queue keeps it for the next launch"
        case .powerCut(0): "power cut: every cache write had been fsynced; nothing lost"
        case .powerCut(let lost): "power cut: \(lost) unsynced bytes of the cache never reached the disk"
        }
    }
}
