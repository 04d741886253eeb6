import Foundation
import IAPClient
import IAPCore
import OrderServer
import PlayEngine
import StoreEngine
import WorldCore

/// What the world's files hold, read without taking the writer lock or changing anything, so
/// that `audit` and `state` work beside a running TUI.
public struct WorldSnapshot: Sendable {
    public let transactions: [StoreRecord]
    public let ledger: Ledger
    public let cache: CacheContents
    public let settings: WorldSettings
    /// The root certificate of the Store's signing chain (PEM), once the Store has signed
    /// transactions for StoreKit 2.
    public let rootCertificate: String?
    /// The notifications the Store posted; nil when it never posted any and they are off.
    public let notifications: [PostedNotification]?
    /// The offers transactions were bought under (a free trial is the transaction's kind).
    public let offers: [TransactionID: AppliedOffer]
    /// The `appAccountToken` of each purchase bought with one, by original id.
    public let appAccountTokens: [TransactionID: String]
    /// The transactions whose period the Store ended early, with when.
    public let earlyEnds: [TransactionID: Date]
    /// What the Store paid back, and the prices it kept, by transaction.
    public let refunds: RefundFigures
    /// The Store's own range of transaction ids, when it has one (a chaos trial's world): an
    /// outside server's credits are judged only within it.
    public let transactionIds: TransactionIDRange?
    /// Google Play's purchases, in a world that sells there; nil on the App Store.
    public internal(set) var playPurchases: [PlayPurchaseRecord]?
    /// Google Play's Real-time developer notifications, in a world that sells there.
    public internal(set) var playNotifications: [PublishedNotification] = []

    public init(transactions: [StoreRecord], ledger: Ledger, cache: CacheContents, settings: WorldSettings,
                rootCertificate: String? = nil, notifications: [PostedNotification]? = nil,
                offers: [TransactionID: AppliedOffer] = [:], appAccountTokens: [TransactionID: String],
                earlyEnds: [TransactionID: Date] = [:], refunds: RefundFigures = RefundFigures(),
                transactionIds: TransactionIDRange? = nil) {
        self.refunds = refunds
        self.transactionIds = transactionIds
        self.notifications = notifications
        self.appAccountTokens = appAccountTokens
        self.earlyEnds = earlyEnds
        self.offers = offers
        self.transactions = transactions
        self.ledger = ledger
        self.cache = cache
        self.settings = settings
        self.rootCertificate = rootCertificate
    }

    /// Reads every party's files in `directory`; a world never started reads as empty, and
    /// files that are not one world's are refused as when the world opens (`StoreHistoryCheck`).
    /// The Store and the Server are read as one moment (`ConsistentRead`), so that a reader beside
    /// a running writer never sees a credit without its transaction, or the reverse.
    public static func read(_ directory: DataDirectory) throws(WorldError) -> WorldSnapshot {
        try read(directory, afterServerRead: {})
    }

    static func read(_ directory: DataDirectory, afterServerRead: () -> Void) throws(WorldError) -> WorldSnapshot {
        try directory.requireWorld()
        let settings = try WorldSettings.load(path: directory.settings)
        try StoreHistoryCheck.check(directory, sellsOn: settings.store)
        let transactions: [StoreRecord]
        let ledger: Ledger
        do {
            (transactions, ledger) = try ConsistentRead.read(storePath: directory.storeDatabase, serverPath: directory.serverDatabase,
                                                             afterServerRead: afterServerRead)
        } catch {
            throw .file(path: error.path, problem: error.problem)
        }
        let cache: CacheContents
        do {
            cache = try PendingOrderCache.read(path: directory.pendingOrders)
        } catch {
            throw .file(path: error.path, problem: error.placedProblem)
        }
        let rootCertificate: String?
        var notifications: [PostedNotification]?
        var offers: [TransactionID: AppliedOffer] = [:], tokens: [TransactionID: String] = [:]
        var earlyEnds: [TransactionID: Date] = [:], refunds = RefundFigures()
        var transactionIds: TransactionIDRange?
        do {
            let exists = FileManager.default.fileExists(atPath: directory.storeDatabase)
            rootCertificate = exists ? try Store.readRootCertificate(path: directory.storeDatabase) : nil
            if exists {
                let posted = try Store.readNotifications(path: directory.storeDatabase)
                let on = try Store.readNotificationsOn(path: directory.storeDatabase)
                notifications = on || !posted.isEmpty ? posted : nil
                offers = try Store.readAppliedOffers(path: directory.storeDatabase)
                tokens = try Store.readAppAccountTokens(path: directory.storeDatabase)
                earlyEnds = try Store.readEarlyEnds(path: directory.storeDatabase)
                refunds = try Store.readRefundFigures(path: directory.storeDatabase)
                transactionIds = try Store.readTransactionIds(path: directory.storeDatabase)
            }
        } catch {
            throw .file(path: error.path, problem: error.problem)
        }
        var snapshot = WorldSnapshot(transactions: transactions, ledger: ledger, cache: cache,
                                     settings: settings, rootCertificate: rootCertificate,
                                     notifications: notifications, offers: offers, appAccountTokens: tokens, earlyEnds: earlyEnds,
                                     refunds: refunds, transactionIds: transactionIds)
        if snapshot.settings.store == .play {
            do {
                snapshot.playPurchases = try PlayStore.readRecords(path: directory.playDatabase)
                snapshot.playNotifications = try PlayStore.readNotifications(path: directory.playDatabase)
            } catch {
                throw .file(path: directory.playDatabase, problem: error.problem)
            }
        }
        return snapshot
    }

    /// The audit of this snapshot: the Server reconciles transaction histories once it has pinned
    /// the Store's root, which it does as soon as the Store has one. With an outside server
    /// (`server url`), the credits it lists are judged in place of the built-in Server's: those
    /// within the Store's own range of ids, when it has one.
    public func audit(catalog: Catalog) -> Audit {
        if let playPurchases {
            // Google Play's ids are order numbers, in no range of the Store's: every credit listed is
            // judged, but in a chaos run's world (one with a range of ids) only those of its own orders.
            let orders = transactionIds.map { _ in Set(playPurchases.flatMap { $0.orderIds.map(\.transactionId) }) }
            let outside = settings.serverURL.map { OutsideCredits.fetch($0, orders: orders) }
            var audit = Audit(play: playPurchases, notifications: playNotifications, ledger: outside?.ledger(record: { _ in nil }, catalog: catalog) ?? ledger,
                              pendingOrders: cache.orders, catalog: catalog)
            audit.outsideServer = outside
            return audit
        }
        let outside = settings.serverURL.map { OutsideCredits.fetch($0, within: transactionIds) }
        let byId = outside == nil ? [:] : Dictionary(transactions.map { ($0.id, $0) }) { first, _ in first }
        var audit = Audit(transactions: transactions, ledger: outside?.ledger(record: { byId[$0] }, catalog: catalog) ?? ledger,
                          pendingOrders: cache.orders, catalog: catalog, notifications: notifications,
                          history: rootCertificate == nil || outside != nil ? nil : appAccountTokens, offers: offers,
                          earlyEnds: earlyEnds, refunds: refunds)
        audit.outsideServer = outside
        return audit
    }
}

extension WorldSnapshot {
    /// The renewal information of each subscription of the world in `directory`, as it stands
    /// at the world's clock, signed by the Store's chain; none in a StoreKit 1 world. Read
    /// without the writer lock, like the snapshot.
    public static func renewals(_ directory: DataDirectory, catalog: Catalog, settings: WorldSettings) throws(WorldError) -> [SubscriptionRenewal] {
        do {
            return try Store.readRenewals(path: directory.storeDatabase, catalog: catalog, at: SimulatedTime.date(millis: settings.clockMillis))
        } catch {
            switch error {
            case .storage(let storage): throw .file(path: storage.path, problem: storage.problem)
            case .refused(let refusal): throw .file(path: directory.storeDatabase, problem: refusal.english)
            }
        }
    }

    /// The order id of each paid transaction, as Look Up Order ID finds it.
    public static func orderIds(_ directory: DataDirectory, catalog: Catalog) throws(WorldError) -> [TransactionID: String] {
        do {
            return try Store.readOrderIds(path: directory.storeDatabase, catalog: catalog)
        } catch {
            switch error {
            case .storage(let storage): throw .file(path: storage.path, problem: storage.problem)
            case .refused(let refusal): throw .file(path: directory.storeDatabase, problem: refusal.english)
            }
        }
    }

    /// The team's App Store Server Notifications URL the Store posts to, nil for the built-in Server.
    public static func notificationsURL(_ directory: DataDirectory) throws(WorldError) -> String? {
        guard FileManager.default.fileExists(atPath: directory.storeDatabase) else { return nil }
        do {
            return try Store.readNotificationsURL(path: directory.storeDatabase)
        } catch {
            throw .file(path: error.path, problem: error.problem)
        }
    }

    /// The latest verifyReceipt answer the Server received about each transaction, as the JSON it received.
    public static func verifyReceiptResponses(_ directory: DataDirectory) throws(WorldError) -> [TransactionID: String] {
        do {
            return try OrderServer.readVerifyReceiptResponses(path: directory.serverDatabase)
        } catch {
            throw .file(path: error.path, problem: error.problem)
        }
    }
}
