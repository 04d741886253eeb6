import Foundation
import IAPCore
import Signing
import Storage

/// The simulated App Store: sells the catalog's products through a payment queue, keeps every
/// transaction in `store.sqlite`, signs receipts and answers `verifyReceipt`; for StoreKit 2 it
/// also signs every transaction as a JWS. Each feature is a service owning its state and caches
/// (`Payments`, `Subscriptions` with `SubscriptionPeriods`, `Offers` with `AppliedOffers`, `Family`,
/// `Receipts` with `Signatures`, `Notifications`), over the world they share (`StoreContext`); the
/// Store opens them and hands each message and command to the one that owns it.
public final class Store: StoreService {
    /// The world the feature services share: database, catalog, keys, account, switches.
    let context: StoreContext
    let applied: AppliedOffers
    let periods: SubscriptionPeriods
    let offers: Offers
    let signatures: Signatures
    let receipts: Receipts
    let notifications: Notifications
    let family: Family
    let subscriptions: Subscriptions
    let payments: Payments
    public var catalog: Catalog { context.catalog }
    /// The StoreKit the app uses: how the Store delivers the transactions it sends on its own
    /// (redeliveries, approvals, renewals), and whether it signs every transaction it issues.
    public var api: StoreKitAPI { context.api }
    public var switches: StoreSwitches { context.switches }
    /// Whether the Store posts App Store Server Notifications V2 to the Server.
    public var notificationsOn: Bool { context.notificationsOn }
    /// The team's App Store Server Notifications URL the Store POSTs to; nil for the built-in Server.
    public var notificationsURL: String? { context.notificationsURL }
    /// The App Store account the device is signed into.
    public var account: String { context.account }
    /// The offers transactions were bought under, by transaction (`AppliedOffer`), kept in memory
    /// so that expiries and prices read no setting.
    public internal(set) var appliedOffers: [TransactionID: AppliedOffer] {
        get { applied.byTransaction }
        set { applied.byTransaction = newValue }
    }
    /// Whether this Store was created now, rather than opened as it was left.
    public let isNew: Bool
    /// The app's shared secret on file at the Store: `verifyReceipt` wants it with a receipt that
    /// holds auto-renewable subscriptions.
    public var sharedSecret: String { context.sharedSecret }

    /// Opens (creating when needed) the Store's database. A new Store draws its secrets
    /// (`StoreSecrets`) from the system's random source, or derives them from `seed` when one is
    /// given, or takes another world's (`origin`), keeps them in `store.sqlite` with the range of
    /// ids `origin` gives it, and starts with the switches the catalog's settings turn on; an
    /// existing one keeps the secrets, the range and the switches it has, whatever `seed` and
    /// `origin` say.
    public convenience init(path: String, catalog: Catalog, seed: UInt64?, origin: StoreOrigin = StoreOrigin()) throws(StoreError) {
        let database: StoreDatabase
        do {
            database = try StoreDatabase(path: path, readOnly: false)
        } catch {
            throw .storage(error)
        }
        try self.init(database, path: path, catalog: catalog, seed: seed, origin: origin, readOnly: false)
    }

    /// Opens a Store's database (possibly live: a world open elsewhere) only to read it, as it
    /// was left, without changing the file; nil when it has no Store in it yet.
    convenience init?(readingOnly path: String, catalog: Catalog) throws(StoreError) {
        let database: StoreDatabase
        do {
            database = try StoreDatabase(path: path, readOnly: true)
            guard try database.setting("receipt-key") != nil else { return nil }
        } catch {
            throw .storage(error)
        }
        try self.init(database, path: path, catalog: catalog, seed: nil, origin: StoreOrigin(), readOnly: true)
    }

    /// The Store kept in `database` (at `path`), made there first unless `readOnly`.
    private init(_ opened: StoreDatabase, path: String, catalog: Catalog, seed: UInt64?, origin: StoreOrigin,
                 readOnly: Bool) throws(StoreError) {
        var database = opened
        do {
            let key: [UInt8]
            if let stored = try database.setting("receipt-key", as: { Data(base64Encoded: $0) }) {
                key = Array(stored)
                isNew = false
            } else {
                var initial = StoreSwitches()
                catalog.settings.apply(to: &initial)
                key = try Self.make(in: database, path: path, seed: seed, origin: origin, switches: initial)
                isNew = true
            }
            database.transactionIds = try database.setting(TransactionIDRange.setting, as: TransactionIDRange.read)
            let sharedSecret: String
            if let stored = try database.setting("shared-secret") {
                sharedSecret = stored
            } else {
                // A Store made before the shared secret was kept: derived as releases of then did.
                sharedSecret = try StoreSecrets(seed: seed ?? 1, path: path).sharedSecret
                if !readOnly { try database.setSetting("shared-secret", sharedSecret) }
            }
            context = StoreContext(catalog: catalog, database: database, storeKey: key, sharedSecret: sharedSecret,
                                   account: try database.setting("account") ?? "demo", switches: try Self.loadSwitches(database),
                                   notificationsOn: try database.setting("notifications") == "on",
                                   notificationsURL: try database.setting(Notifications.urlSetting))
            applied = try AppliedOffers(database: database)
        } catch {
            throw .storage(error)
        }
        let prices = Prices(context: context, applied: applied)
        periods = SubscriptionPeriods(context: context, applied: applied)
        offers = Offers(context: context, applied: applied, periods: periods)
        signatures = Signatures(context: context, applied: applied, periods: periods, prices: prices)
        receipts = Receipts(context: context, applied: applied, periods: periods, signatures: signatures)
        notifications = Notifications(context: context, signatures: signatures, periods: periods, offers: offers, prices: prices)
        family = Family(context: context, signatures: signatures, receipts: receipts, notifications: notifications, periods: periods)
        subscriptions = Subscriptions(context: context, applied: applied, periods: periods, offers: offers, prices: prices,
                                      signatures: signatures, receipts: receipts, notifications: notifications, family: family)
        payments = Payments(context: context, applied: applied, periods: periods, offers: offers, prices: prices, signatures: signatures,
                            receipts: receipts, notifications: notifications, family: family, subscriptions: subscriptions)
    }

    /// Every transaction the Store made, oldest first, read from a possibly live database
    /// without changing it.
    public static func readTransactions(path: String) throws(StorageError) -> [StoreRecord] {
        try StoreDatabase(path: path, readOnly: true).records()
    }

    /// The highest transaction id a (possibly live) `store.sqlite` has handed out (nil when
    /// none) and the world it belongs to, read without changing it.
    public static func readHistory(path: String) throws(StorageError) -> (lastIssuedId: TransactionID?, worldId: String?) {
        let database = try StoreDatabase(path: path, readOnly: true)
        return (try database.lastIssuedId(), try database.worldId())
    }

    /// The world this Store belongs to; nil in a file made before worlds had one.
    public func worldId() throws(StoreError) -> String? {
        try store { () throws(StorageError) in try database.worldId() }
    }

    /// Records the world this Store belongs to.
    public func belong(toWorld id: String) throws(StoreError) {
        try store { () throws(StorageError) in try database.setWorldId(id) }
    }

    // MARK: Messages

    /// Opens a batch on `store.sqlite`: the writes of the messages handled until `commitBatch`
    /// are one SQLite transaction (`SQLiteDatabase.beginBatch`).
    public func beginBatch() throws(StoreError) {
        try store { () throws(StorageError) in try database.database.beginBatch() }
    }

    /// Makes the open batch durable with one commit; a commit that fails rolls the batch back,
    /// and with it what the Store remembers of its subscriptions.
    public func commitBatch() throws(StoreError) {
        do {
            try store { () throws(StorageError) in try database.database.commitBatch() }
        } catch {
            periods.forgetSchedule()
            throw error
        }
    }

    /// Handles one message addressed to the Store, by the service that owns it.
    public func receive(_ message: Message, link: Link) throws(StoreError) {
        do {
            switch message {
            case .requestProducts(let identifiers):
                link.send(switches.isOn(.productRequests)
                    ? .productsResponse(productsResponse(identifiers))
                    : .productsRequestFailed(reason: .unreachable))
            case .addPayment(let request): try payments.addPayment(request, link: link)
            case .finishTransaction(let id), .finish(let id): try payments.finish(id)
            case .serverFinishTransaction(let id): try payments.finishForServer(id)
            case .sendConsumptionInformation(let id, let delivered): try payments.keepConsumptionInformation(id, delivered: delivered)
            case .purchase(let request): try payments.purchase(request, link: link)
            case .sync where !switches.isOn(.sync), .restoreCompletedTransactions where !switches.isOn(.sync):
                link.send(.restoreCompleted(.failed(reason: .unreachable)))
            case .sync: try payments.sync(link: link)
            case .currentEntitlementsRequest: try payments.currentEntitlements(link: link)
            case .subscriptionStatusRequest where !switches.isOn(.subscriptionStatus):
                link.send(.subscriptionStatusFailed(reason: .unreachable))
            case .subscriptionStatusRequest: try subscriptions.subscriptionStatuses(link: link)
            case .addTransactionObserver, .listenForTransactions: try payments.redeliverUnfinished(link: link)
            case .restoreCompletedTransactions: try payments.restore(link: link)
            case .refreshReceipt: link.send(.receiptRefreshed(receipt: try receipts.receipt(account: account, leading: nil, at: link.now)))
            case .verifyReceipt(let check): link.send(.receiptChecked(try receipts.verify(check, at: link.now)))
            case .getTransactionInfo(let request): link.send(.transactionInfo(try signatures.transactionInfo(request, at: link.now)))
            case .notificationAcknowledged(let notification): try notifications.acknowledged(notification)
            case .getNotificationHistory: try notifications.history(link: link)
            case .requestTestNotification: try notifications.requestTest(link: link)
            case .getTestNotificationStatus(let token): try notifications.testStatus(token, link: link)
            case .extendRenewalDate(let request): try subscriptions.extendRenewalDate(request, link: link)
            case .getTransactionHistory(let id): try signatures.transactionHistory(of: id, link: link)
            case .redeemOfferCode(let code): try payments.redeem(code: code, link: link)
            default: break
            }
        } catch {
            throw .storage(error)
        }
    }

    /// Sorts requested identifiers into those the Store sells and those it does not know.
    private func productsResponse(_ identifiers: [String]) -> ProductsResponse {
        let (valid, invalid) = identifiers.reduce(into: ([String](), [String]())) { sorted, id in
            if catalog.product(id: id) != nil && !switches.withdrawn.contains(id) { sorted.0.append(id) } else { sorted.1.append(id) }
        }
        return ProductsResponse(valid: valid, invalid: invalid)
    }

    // MARK: Store-side commands

    /// Changes the Store's switches and keeps them in `store.sqlite`.
    public func setSwitches(_ change: (inout StoreSwitches) -> Void) throws(StoreError) {
        var updated = switches
        change(&updated)
        try store { () throws(StorageError) in
            try database.database.transaction { () throws(StorageError) in try Self.saveSwitches(updated, in: database) }
        }
        context.switches = updated
    }

    /// Keeps the switches in `store.sqlite`, each declared switch under its setting key.
    static func saveSwitches(_ switches: StoreSwitches, in database: StoreDatabase) throws(StorageError) {
        for storeSwitch in StoreSwitch.every {
            try database.setSetting(storeSwitch.settingKey, storeSwitch.storedWord(switches[storeSwitch]))
        }
        try database.setSetting("withdrawn", switches.withdrawn.sorted().joined(separator: ","))
    }

    /// Signs the device into another App Store account.
    public func signIn(account name: String) throws(StoreError) {
        try store { () throws(StorageError) in
            try database.setSetting("account", name)
            try family.remember(account: name)
        }
        context.account = name
    }

    /// What `SKPaymentQueue.canMakePayments()` answers.
    public var canMakePayments: Bool { switches.isOn(.payments) }

    /// How many rows `store.sqlite` was written since it opened: while it is unchanged, whatever
    /// was read of it still holds. Nil while a batch is open, whose writes a failed commit still
    /// rolls back.
    public var writeStamp: Int64? { database.database.inBatch ? nil : database.database.totalChanges }

    /// Every transaction, oldest first.
    public func transactions() throws(StoreError) -> [StoreRecord] {
        try store { () throws(StorageError) in try database.records() }
    }

    /// The switches kept in `store.sqlite`: a switch never kept, or kept as a word it does not
    /// take, is normal.
    private static func loadSwitches(_ database: StoreDatabase) throws(StorageError) -> StoreSwitches {
        var switches = StoreSwitches()
        for storeSwitch in StoreSwitch.every {
            switches[storeSwitch] = storeSwitch.value(stored: try database.setting(storeSwitch.settingKey))
        }
        switches.withdrawn = Set((try database.setting("withdrawn") ?? "").split(separator: ",").map(String.init))
        return switches
    }
}
