/// Something the user, the script or the world's operator did, as the timeline tells it: a tap
/// in the app, a switch or an act at the Store, a setting of the Server or the world, a forgery.
public enum UserAction: Sendable, Equatable, Codable {
    // At the Store
    /// A Store switch, by its word, set to a value (`on`, `off`, or a word of its own).
    case storeSwitch(String, value: String)
    case storeFails(PurchaseError)
    case sells(productId: String, on: Bool)
    case deleteTransaction(TransactionID)
    case parentApproves(productId: String)
    case parentDeclines(productId: String)
    case resolve(productId: String)
    case refundLatest(productId: String, RevocationReason?)
    case refundTransaction(TransactionID, RevocationReason?)
    case reverseRefundLatest(productId: String)
    case reverseRefundTransaction(TransactionID)
    case requestRefundLatest(productId: String)
    case requestRefundTransaction(TransactionID)
    case declineRefundLatest(productId: String)
    case declineRefundTransaction(TransactionID)
    case familyJoins(account: String, family: String)
    case familyLeaves(account: String)
    case autoRenew(productId: String, on: Bool)
    case renewNow(productId: String)
    case expireNow(productId: String)
    case billing(productId: String, fails: Bool)
    case raisePrice(productId: String, price: String)
    case consent(productId: String, agrees: Bool)
    // The world, the network and the Server
    case pastPurchasesRecorded(Int, productId: String)
    case pendingPurchasesRecorded(Int, productId: String)
    case catalogSettings([String])
    case network(online: Bool)
    /// The Server's mode as a script writes it (`up`, `down`, `drop-response`).
    case server(String)
    case strategy(Strategy)
    case api(StoreKitAPI)
    case serverNotifications(on: Bool)
    /// The Store's App Store Server Notifications URL: the team's backend, or none (the built-in Server).
    case notificationsURL(url: String?)
    case clockAdvanced(to: String)
    case fetchHistory
    case requestTestNotification
    case askTestNotificationStatus
    /// The Server extends the renewal date of its customer's subscription to a product by days.
    case extendRenewalDate(productId: String, days: Int)
    case serverDisk(full: Bool)
    case sharedSecret(right: Bool)
    case verifyMethod(post: Bool)
    case verifyFirst(StoreEnvironment)
    // Forgeries
    case forgeTamper(TransactionID)
    case forgeReplay(TransactionID)
    case forgeJWS(TransactionID)
    case forgeCachedReceipt(TransactionID)
    case forgeCachedProduct(TransactionID, productId: String)
    // The app
    case launch(Strategy, StoreKitAPI)
    case quit
    case reinstall
    case signedIn(account: String)
    case deviceDisk(full: Bool)
    case tapBuy(productId: String, SheetAnswer)
    case tapOffer(offerId: String, productId: String)
    case redeemOfferCode(String)
    case tapRestore
    /// A crash (or power cut) armed at a point; none disarms it.
    case armCrash(CrashPoint?, powerCut: Bool)
    /// The app verifies its purchases with an outside server at this URL (`server url URL`), or
    /// with the built-in Server again (nil).
    case serverURL(String?)

    /// The action in English.
    public var english: String {
        switch self {
        case .storeSwitch(let name, let value): "store \(name) \(value)"
        case .storeFails(let error): "store fail on: \(error.explanation)"
        case .sells(let productId, let on): on ? "the Store sells \(productId)" : "the Store stops selling \(productId)"
        case .deleteTransaction(let id): "delete transaction \(id) from the Store"
        case .parentApproves(let productId): "parent approves \(productId)"
        case .parentDeclines(let productId): "parent declines \(productId)"
        case .resolve(let productId): "resolve the interrupted purchase of \(productId)"
        case .refundLatest(let productId, let reason): "the Store refunds the latest \(productId)" + Self.because(reason)
        case .refundTransaction(let id, let reason): "the Store refunds transaction \(id)" + Self.because(reason)
        case .reverseRefundLatest(let productId): "the Store reverses the refund of the newest refunded \(productId)"
        case .reverseRefundTransaction(let id): "the Store reverses the refund of transaction \(id)"
        case .requestRefundLatest(let productId): "the customer asks the Store to refund the latest \(productId)"
        case .requestRefundTransaction(let id): "the customer asks the Store to refund transaction \(id)"
        case .declineRefundLatest(let productId): "the Store declines the refund request of the latest \(productId)"
        case .declineRefundTransaction(let id): "the Store declines the refund request of transaction \(id)"
        case .familyJoins(let account, let family): "\(account) joins the family of \(family)"
        case .familyLeaves(let account): "\(account) leaves the family"
        case .autoRenew(let productId, let on): "auto-renew of \(productId) \(on ? "on" : "off")"
        case .renewNow(let productId): "renew \(productId) now"
        case .expireNow(let productId): "expire \(productId) now"
        case .billing(let productId, let fails): "billing of \(productId) \(fails ? "fails" : "is ok")"
        case .raisePrice(let productId, let price): "raise the price of \(productId) to \(price)"
        case .consent(let productId, let agrees): "the subscriber \(agrees ? "consents to" : "declines") the price increase of \(productId)"
        case .pastPurchasesRecorded(let count, let productId): "\(count) past purchases of \(productId) recorded"
        case .pendingPurchasesRecorded(let count, let productId): "\(count) pending purchases of \(productId) recorded"
        case .catalogSettings(let commands): "the catalog's settings: \(commands.joined(separator: ", "))"
        case .network(let online): "network \(online ? "online" : "offline")"
        case .server(let mode): "server \(mode)"
        case .strategy(let strategy): "strategy \(strategy.rawValue)"
        case .api(let api): "api \(api.rawValue)"
        case .serverNotifications(let on): "server notifications \(on ? "on" : "off")"
        case .notificationsURL(let url): "server notifications url \(url ?? "off")"
        case .clockAdvanced(let date): "clock advanced to \(date)"
        case .fetchHistory: "the Server fetches the notification history"
        case .requestTestNotification: "the Server requests a test notification"
        case .askTestNotificationStatus: "the Server asks how its test notification went"
        case .extendRenewalDate(let productId, let days): "the Server extends the renewal date of \(productId) by \(days) days"
        case .serverDisk(let full): full ? "the Server's disk is full" : "the Server's disk has room again"
        case .sharedSecret(let right): right ? "the Server's shared secret is the app's" : "the Server's shared secret is wrong"
        case .verifyMethod(let post): "the Server asks verifyReceipt by \(post ? "POST" : "GET")"
        case .verifyFirst(let environment): "the Server asks the \(environment.rawValue) endpoint first"
        case .forgeTamper(let id): "forge: send tx \(id) with one byte of its receipt changed"
        case .forgeReplay(let id): "forge: replay the receipt of tx \(id) as a new purchase"
        case .forgeJWS(let id): "forge: send tx \(id) with one digit of the price in its signed transaction changed"
        case .forgeCachedReceipt(let id): "forge: change a byte of the cached receipt of tx \(id)"
        case .forgeCachedProduct(let id, let productId): "forge: edit the cached tx \(id) to claim \(productId)"
        case .launch(let strategy, let api): "launch (\(strategy.rawValue)\(api == .storekit1 ? "" : ", \(api.rawValue)"))"
        case .quit: "quit"
        case .reinstall: "delete the app and its data, then install it again"
        case .signedIn(let account): "signed in as \(account)"
        case .serverURL(let url): url.map { "the app verifies with the outside server at \($0)" } ?? "the app verifies with the built-in Server"
        case .deviceDisk(let full): full ? "the device's disk is full" : "the device's disk has room again"
        case .tapBuy(let productId, let answer): "tap Buy \(productId), then \(answer.rawValue)"
        case .tapOffer(let offerId, let productId): "tap offer \(offerId) of \(productId)"
        case .redeemOfferCode(let code): "redeem offer code \(code)"
        case .tapRestore: "tap Restore Purchases"
        case .armCrash(let point?, let powerCut): "\(powerCut ? "power cut" : "crash") armed at \(point.rawValue)"
        case .armCrash(nil, _): "crash disarmed"
        }
    }

    /// A refund's reason as the timeline tells it.
    private static func because(_ reason: RevocationReason?) -> String {
        reason.map { " (reason \($0.rawValue): \($0 == .appIssue ? "an issue within the app" : "other"))" } ?? ""
    }
}
