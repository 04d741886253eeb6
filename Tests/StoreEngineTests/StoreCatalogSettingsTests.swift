import Foundation
import Testing
import IAPCore
import StoreEngine
import TestSupport

/// What a catalog's settings (an Xcode file's) and its offer modes do to the Store.
@Suite("The Store under a catalog's settings")
struct StoreCatalogSettingsTests {
    private let folder: TemporaryFolder
    private let link = RecordingLink()
    private var path: String { folder.path + "/store.sqlite" }

    init() throws {
        folder = try TemporaryFolder()
    }

    private func catalog(_ settings: CatalogSettings, offer: IntroductoryOffer? = nil) -> Catalog {
        let localizations = ["en_US": Localization(title: "T", description: "D")]
        return Catalog(storefront: BuiltInCatalog.catalog().storefront, products: [
            Product(id: "com.a.pro", type: .nonConsumable, referenceName: "Pro", price: 1, localizations: localizations),
            Product(id: "com.a.club", type: .autoRenewable, referenceName: "Club", price: 3, localizations: localizations,
                    period: ISODuration(months: 1), group: "club", introductoryOffer: offer),
        ], settings: settings)
    }

    private func states(_ store: Store, _ productId: String) throws -> [TransactionState] {
        _ = link.take()
        try store.receive(.addPayment(PaymentRequest(productId: productId, answer: .confirm)), link: link)
        return link.take().compactMap { if case .transactionUpdated(let transaction) = $0 { transaction.state } else { nil } }
    }

    /// "Enabling this property causes all purchases to require approval until you disable it."
    /// (SKTestSession.askToBuyEnabled); "Attempted transactions in the payment queue show the
    /// failed state, with the error code that you set in failureError." (failTransactionsEnabled)
    @Test func aNewStoreStartsWithTheSwitchesTheSettingsTurnOn() throws {
        let store = try Store(path: path, catalog: catalog(CatalogSettings(askToBuy: true, failPurchases: true, productRequestsFail: true)), seed: 1)
        #expect(store.isNew)
        #expect(store.switches[.askToBuy] == .on && store.switches[.fail] == .failing(.unknown) && store.switches[.productRequests] == .off)
        #expect(try states(store, "com.a.pro") == [.purchasing, .failed], "a failing purchase fails before it asks a parent")
        try store.setSwitches { $0[.fail] = .off }
        #expect(try states(store, "com.a.pro") == [.purchasing, .deferred])
    }

    /// An Xcode file's `_billingGracePeriodEnabled` (SKTestSession's billingGracePeriodIsEnabled)
    /// starts a new world with the grace period on, Apple's 16 days.
    @Test func theBillingGracePeriodSettingTurnsTheGracePeriodOn() throws {
        var settings = CatalogSettings()
        settings.gracePeriod = true
        #expect(settings.switchCommands == ["store grace-period on"])
        let store = try Store(path: path, catalog: catalog(settings), seed: 1)
        #expect(store.switches[.gracePeriod] == .named("16d"))
    }

    /// An Xcode file's `_timeRate` starts a new world's clock at that rate (SKTestSession's
    /// `timeRate`), kept in store.sqlite like every switch.
    @Test func theTimeRateSettingSetsTheStoresTimeRate() throws {
        var settings = CatalogSettings()
        settings.timeRate = .monthlyRenewalEveryThirtySeconds
        _ = try Store(path: path, catalog: catalog(settings), seed: 1)
        let reopened = try Store(path: path, catalog: catalog(CatalogSettings()), seed: 1)
        #expect(reopened.switches.timeRate == .monthlyRenewalEveryThirtySeconds)
    }

    @Test func anExistingStoreKeepsTheSwitchesItWasLeftWith() throws {
        let first = try Store(path: path, catalog: catalog(CatalogSettings(askToBuy: true)), seed: 1)
        try first.setSwitches { $0[.askToBuy] = .off }
        let reopened = try Store(path: path, catalog: catalog(CatalogSettings(askToBuy: true, failPurchases: true)), seed: 1)
        #expect(!reopened.isNew)
        #expect(reopened.switches[.askToBuy] == .off && reopened.switches[.fail] == .off)
    }

    @Test func onlyAFreeTrialStartsAsATrial() throws {
        let free = try Store(path: path, catalog: catalog(CatalogSettings(), offer: IntroductoryOffer(mode: .freeTrial, period: ISODuration(weeks: 1))), seed: 1)
        #expect(try states(free, "com.a.club") == [.purchasing, .purchased])
        #expect(try free.transactions().last?.kind == .trial)
        let otherFolder = try TemporaryFolder()
        let payAsYouGo = IntroductoryOffer(mode: .payAsYouGo, period: ISODuration(months: 1), price: Decimal(string: "0.99"), periods: 3)
        let paid = try Store(path: otherFolder.path + "/store.sqlite", catalog: catalog(CatalogSettings(), offer: payAsYouGo), seed: 1)
        #expect(try states(paid, "com.a.club") == [.purchasing, .purchased])
        #expect(try paid.transactions().last?.kind == .purchase, "a paid offer is not simulated yet: a regular purchase")
    }
}
