import Foundation
import IAPCore
import StoreEngine

/// One command the world carries out: a line of the scenario language (docs/reference/scenario-language.md),
/// a key of the interface, a draw of chaos. How each is written, timed and drawn is declared once, in
/// `ScenarioVocabulary` (ScenarioLanguage).
public enum ScenarioCommand: Equatable, Sendable {
    case launch
    case quit
    case buy(productId: String, answer: SheetAnswer)
    /// The user buys with a promotional or win-back offer.
    case buyOffer(productId: String, offerId: String)
    /// The user redeems an offer code.
    case redeem(code: String)
    case approve(productId: String)
    case decline(productId: String)
    case restore
    /// The app leaves the foreground (Google Play: no `onPurchasesUpdated` reaches it).
    case background
    /// The app returns to the foreground and calls `queryPurchasesAsync` (Google Play).
    case resume
    case crash
    case crashAt(CrashPoint)
    /// No crash or power cut is armed any more.
    case disarm
    case deliver(Int)
    case wait
    case powerCut
    case powerCutAt(CrashPoint)
    case account(String)
    /// An App Store account joins the signed-in account's family (Family Sharing).
    case familyAdd(String)
    /// An App Store account leaves its family: what Family Sharing shared with it, and what it
    /// shared, is revoked.
    case familyLeave(String)
    case reinstall
    case network(online: Bool)
    case server(WorldSettings.ServerMode)
    case store(StoreSwitch, on: Bool)
    /// Purchases fail with this error (`store fail on REASON`).
    case storeFail(PurchaseError)
    /// The Store sells, or stops selling, a product: its identifier becomes invalid.
    case storeSell(productId: String, on: Bool)
    case storeDelete(transactionId: TransactionID)
    /// A Store switch whose values are words of its own turned to one of them
    /// (`store environment sandbox`, `store verify-receipt down`).
    case storeSet(StoreSwitch, StoreSwitch.Value)
    /// The Server's configured shared secret is the app's (true) or a wrong one.
    case serverSharedSecret(right: Bool)
    /// The Server asks `verifyReceipt` by POST (true) or, misconfigured, by GET.
    case serverVerifyMethod(post: Bool)
    /// The environment the Server sends each receipt to first: production, or the sandbox (a
    /// development or staging Server).
    case serverVerifyFirst(StoreEnvironment)
    case resolve(productId: String)
    /// The Store refunds a transaction (or the latest of a product), for a reason when one is given.
    case refund(RefundTarget, reason: RevocationReason?)
    /// The Store reverses a refund it granted (Apple's `REFUND_REVERSED`).
    case reverseRefund(RefundTarget)
    /// The customer asks the Store for a refund, which the Store holds until it decides.
    case requestRefund(RefundTarget)
    /// The Store declines a pending refund request (Apple's `REFUND_DECLINED`).
    case declineRefund(RefundTarget)
    case advance(seconds: Int64)
    case subscriptionRenew(productId: String, on: Bool)
    case subscriptionRenewNow(productId: String)
    case subscriptionExpire(productId: String)
    /// Renewals of a subscription cannot (`fails`) or can be charged again (billing retry).
    case subscriptionBilling(productId: String, fails: Bool)
    /// The Store raises a subscription's price; its subscribers are asked to consent.
    case storePriceIncrease(productId: String, price: Decimal)
    /// The subscriber agrees (or not) to the price increase of a subscription.
    case consent(productId: String, agrees: Bool)
    case strategy(Strategy)
    /// The app switches to the other generation of StoreKit.
    case api(StoreKitAPI)
    case expect(Expectation)
    /// An attack on the Server or on the app's cache, to show the defences.
    case forge(Forgery)
    /// The device's disk fills up (the app's cache writes fail) or has room again.
    case disk(full: Bool)
    /// The Server's disk fills up (its database writes fail) or has room again.
    case serverDisk(full: Bool)
    /// The Store posts App Store Server Notifications V2 to the Server, or stops.
    case serverNotifications(on: Bool)
    /// `server url URL|built-in`: the app sends its purchases to an outside server (nil: the built-in one).
    case serverURL(String?)
    /// The Store POSTs its notifications to a team's URL instead of to the built-in Server, or
    /// (nil) to the built-in Server again.
    case serverNotificationsURL(String?)
    /// The Server fetches the notifications it missed (Get Notification History) and processes
    /// them, and reconciles each customer it knows (Get Transaction History).
    case serverHistory
    /// Google Play: the Server asks the Voided Purchases API and takes back what it lists.
    case serverVoided
    /// Google Play: how Pub/Sub delivers Real-time developer notifications.
    case storePubSub(PubSubMode)
    /// Google Play: the developer refunds and revokes a purchase, for Google's `voidedReason`.
    case voidPurchase(RefundTarget, reason: VoidedReason)
    /// The Server asks the Store for a `TEST` notification (Request a Test Notification).
    case serverTestNotification
    /// The Server asks how its last test went (Get Test Notification Status).
    case serverTestNotificationStatus
    /// The Server extends the renewal date of the signed-in customer's subscription to a product
    /// by days (Extend a Subscription Renewal Date), with Apple's `extendReasonCode`.
    case serverExtend(productId: String, days: Int, reasonCode: Int)

    /// The forgeries a script (or the TUI) can try.
    public enum Forgery: Equatable, Sendable {
        /// The app sends a transaction's receipt with one byte changed.
        case tamper(transactionId: TransactionID)
        /// The app sends a transaction's genuine receipt again, claiming a new purchase.
        case replay(transactionId: TransactionID)
        /// The app sends a transaction's signed transaction (StoreKit 2) with one byte changed.
        case jws(transactionId: TransactionID)
        /// A byte of the receipt in the app's cache entry is changed.
        case cacheReceipt(transactionId: TransactionID)
        /// The product id in the app's cache entry is changed to another product.
        case cacheProduct(transactionId: TransactionID, productId: String)
    }

    /// What a refund names: a product (its latest paid transaction) or one transaction.
    public enum RefundTarget: Equatable, Sendable {
        case product(String)
        case transaction(TransactionID)
    }
}

/// What an `expect` line checks.
public enum Expectation: Equatable, Sendable {
    case credited(productId: String, count: Int)
    case balance(currency: String, amount: Int)
    case owned(productId: String, owned: Bool)
    /// The Server's entitlement of the signed-in account through Family Sharing.
    case shared(productId: String, shared: Bool)
    /// The signed-in account's receipt, as a refresh would hand it out, lists this many purchases of a product.
    case onReceipt(productId: String, count: Int)
    case pending(Int)
    case unfinished(Int)
    case lost(Int)
    /// The audit's `overcharged`: paid transactions that bought nothing new.
    case overcharged(Int)
    case auditOk
    /// Notifications the Server has not processed yet.
    case notificationsPending(Int)
    /// Notifications the Store posted of one `notificationType`, with one `subtype` or none:
    /// `TYPE.SUBTYPE`, or `TYPE` alone for one without a subtype.
    case notified(notification: String, count: Int)
    /// Google Play's `autoRefunded`: purchases refunded and revoked because nobody acknowledged
    /// them within three days.
    case autoRefunded(Int)
    /// Whether Google Play's latest purchase of a product is acknowledged (consuming counts).
    case acknowledged(productId: String, acknowledged: Bool)
}
