/// What a catalog file sets beside its products, from an Xcode StoreKit configuration file's
/// `settings`: the Store's switches a new world starts with, and the product language.
/// StoreSim's `catalog.json` has none of these; its catalogs keep the defaults.
public struct CatalogSettings: Sendable, Equatable {
    /// The locale product titles are shown in (`_locale`), as StoreSim spells it (`zh_CN`);
    /// nil when the file does not say.
    public var locale: String?
    /// Every purchase asks a parent (`_askToBuyEnabled`).
    public var askToBuy = false
    /// Every purchase fails (`_failTransactionsEnabled`, or the Purchase StoreKit error).
    public var failPurchases = false
    /// Product requests fail (the Load Products StoreKit error).
    public var productRequestsFail = false
    /// Subscriptions in billing retry keep access for Apple's default grace period
    /// (`_billingGracePeriodEnabled`).
    public var gracePeriod = false
    /// Restores and syncs fail (the App Store Sync StoreKit error).
    public var syncFails = false
    /// StoreKit 2 transactions fail the device's verification (the Verification StoreKit error).
    public var verificationFails = false
    /// Reading a subscription's status fails (the Subscription Status StoreKit error).
    public var subscriptionStatusFails = false
    /// How fast time runs by itself in the interface (`_timeRate`).
    public var timeRate = TimeRate.real

    public init(locale: String? = nil, askToBuy: Bool = false, failPurchases: Bool = false, productRequestsFail: Bool = false) {
        self.locale = locale
        self.askToBuy = askToBuy
        self.failPurchases = failPurchases
        self.productRequestsFail = productRequestsFail
    }

    /// The failure a purchase gets under `failPurchases`: `SKTestSession.failureError` offers
    /// `unknown` first, and the file does not say which error it wants in a way StoreSim reads.
    public static let failure = PurchaseError.unknown

    /// The Store's switches at the creation of a world: the defaults with these settings on.
    public func apply(to switches: inout StoreSwitches) {
        if askToBuy { switches[.askToBuy] = .on }
        if failPurchases { switches[.fail] = .failing(Self.failure) }
        if productRequestsFail { switches[.productRequests] = .off }
        if gracePeriod { switches[.gracePeriod] = StoreSwitch.gracePeriod.onValue }
        if syncFails { switches[.sync] = .off }
        if verificationFails { switches[.deviceVerification] = .off }
        if subscriptionStatusFails { switches[.subscriptionStatus] = .off }
        if timeRate != .real { switches[.timeRate] = .named(timeRate.rawValue) }
    }

    /// The scenario commands that turn the same switches on, in the order `apply` sets them:
    /// what a new world's timeline says the catalog did.
    public var switchCommands: [String] {
        [(askToBuy, "store ask-to-buy on"), (failPurchases, "store fail on \(Self.failure.rawValue)"),
         (productRequestsFail, "store product-requests off"), (gracePeriod, "store grace-period on"),
         (syncFails, "store sync off"), (verificationFails, "store device-verification off"),
         (subscriptionStatusFails, "store subscription-status off"),
         (timeRate != .real, "store time-rate \(timeRate.rawValue)")].filter(\.0).map(\.1)
    }
}
