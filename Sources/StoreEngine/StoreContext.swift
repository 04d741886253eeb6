import IAPCore
import Storage

/// The world the Store's feature services share: its database, catalog and key, and the
/// settings every feature reads. `Store` alone changes the account, the switches and the StoreKit
/// served; `Notifications` turns its posting on and off.
final class StoreContext {
    let catalog: Catalog
    let database: StoreDatabase
    /// The Store's secret key: its signing keys, its derived ids and its offer key come from it.
    let storeKey: [UInt8]
    /// The app's shared secret on file at the Store (`Store.sharedSecret`).
    let sharedSecret: String
    /// The App Store account the device is signed into.
    var account: String
    var switches: StoreSwitches
    /// The StoreKit the app uses (`Store.api`).
    var api: StoreKitAPI = .storekit1
    /// Whether the Store posts App Store Server Notifications V2 to the Server.
    var notificationsOn: Bool
    /// The team's App Store Server Notifications URL, where the Store POSTs its notifications
    /// instead of to the built-in Server; nil for the built-in Server.
    var notificationsURL: String?

    init(catalog: Catalog, database: StoreDatabase, storeKey: [UInt8], sharedSecret: String, account: String, switches: StoreSwitches,
         notificationsOn: Bool, notificationsURL: String?) {
        self.catalog = catalog
        self.database = database
        self.storeKey = storeKey
        self.sharedSecret = sharedSecret
        self.account = account
        self.switches = switches
        self.notificationsOn = notificationsOn
        self.notificationsURL = notificationsURL
    }
}

/// A feature service of the Store: it reads the shared world through its `context`.
protocol StoreService {
    var context: StoreContext { get }
}

extension StoreService {
    var catalog: Catalog { context.catalog }
    var database: StoreDatabase { context.database }
    var account: String { context.account }
    var switches: StoreSwitches { context.switches }
    var api: StoreKitAPI { context.api }
    var notificationsOn: Bool { context.notificationsOn }
    var notificationsURL: String? { context.notificationsURL }
    var storeKey: [UInt8] { context.storeKey }

    /// Runs a storage body, its error as the Store's.
    func store<Result>(_ body: () throws(StorageError) -> Result) throws(StoreError) -> Result {
        do {
            return try body()
        } catch {
            throw .storage(error)
        }
    }
}
