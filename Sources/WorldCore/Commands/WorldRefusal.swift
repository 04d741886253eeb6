import IAPCore
import PlayEngine
import StoreEngine

/// A command the world declines, with what it names: nothing was done and the session goes on.
public enum WorldRefusal: Equatable, Sendable {
    /// The Store declined the command.
    case store(StoreRefusal)
    /// Google Play declined the command.
    case play(PlayRefusal)
    /// `launch` while the app runs.
    case appRunningAlready
    /// A command (its scenario word) that needs the running app, while the app is not running.
    case needsRunningApp(command: String, AppStatus)
    /// A forgery while the app is not running.
    case forgeryNeedsRunningApp
    /// An `advance` past the end of the simulated clock, which reads `nowMillis`.
    case clockAtItsEnd(nowMillis: Int64)
    /// `server history` while the Server is down.
    case serverDownForHistory
    /// `server voided` while the Server is down: it cannot call the Voided Purchases API.
    case serverDownForVoided
    /// `server test-notification [status]` while the Server is down.
    case serverDownForTest
    /// `server test-notification` while the notifications are off: the Store has no URL to post to.
    case notificationsOffForTest
    /// `server test-notification status` before the Server requested any test.
    case noTestNotificationToken
    /// `server extend` while the Server is down.
    case serverDownForExtend
    /// `server extend PRODUCT` when the Server credited the signed-in account no subscription to it.
    case nothingToExtend(productId: String)
    /// Past purchases are recorded only while the app is closed and nothing is in flight.
    case pastPurchasesWhileBusy
    /// Pending purchases are recorded only while the app is closed and nothing is in flight.
    case pendingPurchasesWhileBusy
    /// A forgery of a receipt the Store never issued for this transaction.
    case noReceipt(TransactionID)
    /// A forgery of a signed transaction the Store never signed (it signs under `api storekit2`).
    case noSignedTransaction(TransactionID)
    /// A forged price in a signed transaction that names no price.
    case noPriceToForge(TransactionID)
    /// A replay whose new id, the transaction's with a 9 before it, would not fit.
    case tooManyDigitsToReplay(TransactionID)
    /// A forgery of the app's cache, which keeps no pending order for this transaction.
    case noPendingOrder(TransactionID)
    /// A forgery of the app's cache while the device's disk is full.
    case deviceDiskFull
    /// `approve`/`decline PRODUCT` on Google Play while the account holds no pending purchase of it.
    case noPendingPurchase(productId: String)
    /// A command (its scenario word) that needs the app in the foreground, while it is in the background.
    case appInBackground(command: String)
    /// `resume` while the app is in the foreground.
    case appInForeground

    /// The refusal in English, as the command line, the transcripts and the timeline tell it.
    public var english: String {
        switch self {
        case .store(let refusal): refusal.english
        case .play(let refusal): "Google Play: " + refusal.english
        case .appRunningAlready: "the app is already running"
        case .needsRunningApp(let command, let status): "'\(command)' needs the running app, and the app is \(status.text); use 'launch' first"
        case .forgeryNeedsRunningApp: "a forgery needs the running app; use 'launch' first"
        case .clockAtItsEnd(let nowMillis):
            "the simulated clock stops at 9999-01-01 00:00:00; it is \(SimulatedTime.format(millis: nowMillis)) now"
        case .serverDownForHistory: "the Server is down: it cannot ask for the history"
        case .serverDownForVoided: "the Server is down: it cannot call the Voided Purchases API"
        case .serverDownForTest: "the Server is down: it cannot call Request a Test Notification or Get Test Notification Status"
        case .notificationsOffForTest:
            "server notifications are off: the Store has no URL to send a TEST notification to (Apple answers ServerNotificationURLNotFoundError); use 'server notifications on' first"
        case .noTestNotificationToken:
            "the Server has no testNotificationToken: it requested no test notification; use 'server test-notification' first"
        case .serverDownForExtend: "the Server is down: it cannot call Extend a Subscription Renewal Date"
        case .nothingToExtend(let productId):
            "the Server credited this account no subscription to \(productId): it has no original transaction id to extend"
        case .pastPurchasesWhileBusy: "past purchases are recorded while the app is closed and nothing is in flight"
        case .pendingPurchasesWhileBusy: "pending purchases are recorded while the app is closed and nothing is in flight"
        case .noReceipt(let id): "the Store has no receipt for transaction \(id)"
        case .noSignedTransaction(let id): "the Store has no signed transaction for transaction \(id) (it signs them under api storekit2)"
        case .noPriceToForge(let id): "the signed transaction of transaction \(id) names no price to change"
        case .tooManyDigitsToReplay(let id): "transaction \(id) has too many digits to claim a new id by a 9 before them"
        case .noPendingOrder(let id): "the app's cache has no pending order for transaction \(id)"
        case .deviceDiskFull: "the device's disk is full: the cache cannot be edited"
        case .noPendingPurchase(let productId): "no pending Google Play purchase of \(productId) is waiting"
        case .appInBackground(let command): "'\(command)' needs the app in the foreground, and it is in the background; use 'resume' first"
        case .appInForeground: "the app is already in the foreground"
        }
    }
}
