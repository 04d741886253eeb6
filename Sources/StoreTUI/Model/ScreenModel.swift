import Foundation
import IAPClient
import IAPCore
import OrderServer
import Simulator
import StoreEngine

/// What the screen shows of the world, read once per frame: the parties' state as they hold it.
public struct ScreenModel: Sendable {
    public var appStatus: AppStatus
    /// The app is running its launch recovery.
    public var recovering: Bool
    public var settings: WorldSettings
    public var storeSwitches: StoreSwitches
    public var account: String
    public var now: Date
    public var catalog: Catalog
    public var invalidProductIds: Set<String>
    public var transactions: [StoreRecord]
    public var ledger: Ledger
    public var pendingOrders: [PendingOrder]
    public var cacheWarnings: [String]
    public var armedCrash: CrashPoint?
    /// Original transaction ids of subscriptions whose auto-renew is off.
    public var autoRenewOff: Set<String>
    /// The message that will be delivered next, if any is in flight.
    public var nextMessage: Message?
    public var messagesInFlight: Int

    public init(appStatus: AppStatus, recovering: Bool, settings: WorldSettings, storeSwitches: StoreSwitches, account: String,
                now: Date, catalog: Catalog, invalidProductIds: Set<String>, transactions: [StoreRecord],
                ledger: Ledger, pendingOrders: [PendingOrder], cacheWarnings: [String], armedCrash: CrashPoint?,
                autoRenewOff: Set<String>, nextMessage: Message?, messagesInFlight: Int) {
        self.appStatus = appStatus
        self.recovering = recovering
        self.settings = settings
        self.storeSwitches = storeSwitches
        self.account = account
        self.now = now
        self.catalog = catalog
        self.invalidProductIds = invalidProductIds
        self.transactions = transactions
        self.ledger = ledger
        self.pendingOrders = pendingOrders
        self.cacheWarnings = cacheWarnings
        self.armedCrash = armedCrash
        self.autoRenewOff = autoRenewOff
        self.nextMessage = nextMessage
        self.messagesInFlight = messagesInFlight
    }

    /// Reads the model from a live world.
    public static func read(_ world: World) throws(WorldError) -> ScreenModel {
        let snapshot = try world.snapshot()
        var autoRenewOff: Set<String> = []
        for record in snapshot.transactions where world.catalog.product(id: record.productId)?.type == .autoRenewable {
            if (try? world.store.autoRenews(originalId: record.originalId)) == false {
                autoRenewOff.insert(record.originalId)
            }
        }
        return ScreenModel(
            appStatus: world.appStatus, recovering: world.app?.isRecovering ?? false, settings: world.settings, storeSwitches: world.store.switches,
            account: world.store.account, now: world.now, catalog: world.catalog,
            invalidProductIds: world.app?.invalidProductIds ?? [], transactions: snapshot.transactions,
            ledger: snapshot.ledger, pendingOrders: snapshot.cache.orders, cacheWarnings: snapshot.cache.warnings,
            armedCrash: world.armedCrash, autoRenewOff: autoRenewOff, nextMessage: world.messagesInFlight.first,
            messagesInFlight: world.messagesInFlight.count)
    }

    /// The unfinished transactions waiting in the Store's queue, and deferred ones.
    public var queue: [StoreRecord] {
        transactions.filter { $0.isUnfinished || $0.state == .deferred || ($0.state == .purchasing && !$0.finished) }
    }
}
