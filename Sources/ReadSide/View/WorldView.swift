import Foundation
import IAPClient
import IAPCore
import Signing
import WorldCore

/// Everything a face may show of the world at one moment, read at once: the TUI sees the world
/// only through this value, and drives it only through `World.perform`.
public struct WorldView: Sendable {
    public var appStatus: AppStatus
    /// The app is running its launch recovery.
    public var recovering: Bool
    public var settings: WorldSettings
    public var storeSwitches: StoreSwitches
    /// The App Store account the device is signed into.
    public var account: String
    /// Whether the Server's configured shared secret is the app's.
    public var serverSharedSecretRight = true
    /// Whether the Server asks verifyReceipt by POST, as it must.
    public var serverUsesPost = true
    /// The environment the Server sends each receipt to first.
    public var serverVerifiesFirst: StoreEnvironment = .production
    /// Whether the Store posts App Store Server Notifications V2 to the Server.
    public var serverNotificationsOn = false
    /// The team's URL the Store posts its notifications to (`server notifications url`); nil
    /// while they go to the built-in Server.
    public var notificationsURL: String?
    public var now: Date
    public var catalog: Catalog
    /// Every product in the catalog's order, with what the user has of it, each row made when read.
    public var products: CatalogRows
    /// Every transaction the Store made, oldest first, each row made when read.
    public var transactions: TransactionRows {
        didSet { queue = transactions.filter { Self.inQueue($0.isUnfinished, $0.state, finished: $0.finished) } }
    }
    /// The Store's queue: unfinished transactions, and deferred or purchasing ones, found once
    /// when the view is made, not on every frame that shows it.
    public private(set) var queue: [TransactionRow]
    /// What the Server credited, oldest first.
    public var credits: CreditRows
    /// The Server's balances of consumable currencies.
    public var balances: [String: Int]
    /// The app's pending-order cache as it is on disk.
    public var pendingOrders: [PendingOrderRow]
    /// What the cache reader set aside or could not read.
    public var cacheWarnings: [CacheWarning]
    public var armedCrash: CrashPoint?
    /// Whether the armed crash is a power cut.
    public var armedPowerCut: Bool
    /// The message that will be delivered next, if any is in flight.
    public var nextMessage: Message?
    public var messagesInFlight: Int
    /// The audit of this moment: lost, recoverable and double-credited purchases.
    public var audit: AuditSummary
    /// Google Play's purchases, in a world that sells there; nil on the App Store.
    public var playPurchases: [PlayPurchaseRow]?
    /// The purchases nothing can recover, with why (the loss report's findings).
    public var losses: [LossFinding]
    /// What the last launch recovered, once it had an outcome for everything it found.
    public var recoveryReport: RecoveryReport?
    /// The App Store Server Notifications the Store posted to the Server, oldest first; nil
    /// while the notifications are off and none was ever posted.
    public var notifications: [NotificationRow]?
    /// What the app holds by `Transaction.currentEntitlements` (read at launch, then kept by
    /// `Transaction.updates`), as product ids in the catalog's order; nil unless a StoreKit 2
    /// app is running and has read them.
    public var appEntitlements: [String]?
    /// The root certificate the Server pinned, that signed transactions are verified against.
    public var pinnedRoot: Certificate?

    public init(appStatus: AppStatus, recovering: Bool, settings: WorldSettings, storeSwitches: StoreSwitches,
                account: String, now: Date, catalog: Catalog, products: CatalogRows, transactions: TransactionRows,
                credits: CreditRows, balances: [String: Int], pendingOrders: [PendingOrderRow], cacheWarnings: [CacheWarning],
                armedCrash: CrashPoint?, armedPowerCut: Bool, nextMessage: Message?, messagesInFlight: Int, audit: AuditSummary,
                losses: [LossFinding] = [], recoveryReport: RecoveryReport? = nil, queue: [TransactionRow]? = nil) {
        self.appStatus = appStatus
        self.recovering = recovering
        self.settings = settings
        self.storeSwitches = storeSwitches
        self.account = account
        self.now = now
        self.catalog = catalog
        self.products = products
        self.transactions = transactions
        self.queue = queue ?? transactions.filter { Self.inQueue($0.isUnfinished, $0.state, finished: $0.finished) }
        self.credits = credits
        self.balances = balances
        self.pendingOrders = pendingOrders
        self.cacheWarnings = cacheWarnings
        self.armedCrash = armedCrash
        self.armedPowerCut = armedPowerCut
        self.nextMessage = nextMessage
        self.messagesInFlight = messagesInFlight
        self.audit = audit
        self.losses = losses
        self.recoveryReport = recoveryReport
    }

    /// Whether a crash is armed at a point the current strategy's flow never reaches.
    public var armedCrashUnreachable: Bool {
        armedCrash.map { !StrategyFlow.reaches(settings.strategy, $0) } ?? false
    }

    /// Whether a crash at `point` loses the purchase under the current strategy and notifications.
    public func crashLoses(at point: CrashPoint) -> Bool {
        StrategyFlow.loses(settings.strategy, at: point, notified: serverNotificationsOn)
    }

    /// The transaction's JWS decoded and verified against the pinned root; nil for a
    /// transaction the Store never signed (StoreKit 1, failed, pending).
    public func decoded(_ row: TransactionRow) -> DecodedSignedTransaction? {
        row.signedTransaction.map { DecodedSignedTransaction(jws: $0, pinnedRoot: pinnedRoot) }
    }

    /// Whether a transaction is in the Store's queue: unfinished, or deferred, or still purchasing.
    public static func inQueue(_ isUnfinished: Bool, _ state: TransactionState, finished: Bool) -> Bool {
        isUnfinished || state == .deferred || (state == .purchasing && !finished)
    }
}
