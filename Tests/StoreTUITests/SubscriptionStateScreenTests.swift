import Foundation
import IAPCore
import ReadSide
import ScenarioLanguage
import Testing
import TestSupport
@testable import StoreTUI
import WorldCore

/// The subscription states StoreKit Testing can put a subscription in, as the catalog and the
/// transaction manager show them, on a real world's view (screens as text rows), and the keys
/// that put it there. Apple, SKPaymentQueue.showPriceConsentIfNeeded(): "When you increase the
/// price of a subscription, Apple informs affected subscribers through an email, push
/// notification, and in-app price consent sheet and asks them to agree to the new price."
@Suite struct SubscriptionStateScreenTests {
    let monthly = "com.storesim.premium.monthly"
    let yearly = "com.storesim.premium.yearly"

    /// A world with the app running that has carried out `commands` as a script would.
    private func world(_ commands: [ScenarioCommand]) throws -> (World, TemporaryFolder) {
        let folder = try TemporaryFolder()
        let world = try folder.world(seed: 3)
        try world.performInTurn(.launch)
        for command in commands { try world.performInTurn(command) }
        try world.settle()
        return (world, folder)
    }

    private func screen(_ state: TUIState, _ world: World) throws -> [String] {
        Screen.render(state, try ReadModel(world).view()).textRows
    }

    /// The transaction manager opened with the newest transaction selected.
    private func manager(_ world: World, locale: String = "en_US") throws -> TUIState {
        var state = TUIState(columns: 120, rows: 30, locale: locale)
        _ = TUIUpdate.update(&state, .input(.key(.character("t"))), model: try ReadModel(world).view())
        return state
    }

    @Test func aPriceIncreaseAsksForConsentAndTheAgreedRenewalShowsItsPrice() throws {
        let (world, folder) = try world([.buy(productId: monthly, answer: .confirm), .advance(seconds: 8 * 86400),
                                         .storePriceIncrease(productId: monthly, price: Decimal(string: "3.49") ?? 0)])
        _ = folder
        let catalog = try screen(TUIState(columns: 100, rows: 30), world)
        try expectFrame(catalog, "price-increase-consent-catalog-en-100x30")
        var state = try manager(world)
        let pending = try screen(state, world)
        try expectFrame(pending, "transactions-price-increase-consent-en-120x30")
        let effects = TUIUpdate.update(&state, .input(.key(.character("c"))), model: try ReadModel(world).view())
        #expect(effects == [.perform(.consent(productId: monthly, agrees: true))])
        #expect(state.status == "Premium (Monthly): the subscriber agrees to the new price; the next renewal charges it.")
        try world.performInTurn(.consent(productId: monthly, agrees: true))
        try expectFrame(try screen(state, world), "transactions-price-increase-agreed-en-120x30")
        try world.performInTurn(.advance(seconds: 31 * 86400))
        let renewed = try screen(state, world)
        try expectFrame(renewed, "transactions-renewed-at-the-new-price-en-120x30")
        #expect(TUIUpdate.update(&state, .input(.key(.character("v"))), model: try ReadModel(world).view()).isEmpty, "nothing waits for an answer now")
        #expect(state.status == "Agree and decline are for a subscription whose price increase waits for an answer.")
    }

    /// At 80×24 the catalog is narrow: a price increase's `consent?` is shown whole (its
    /// `price↑` gives way first), in English and in Chinese, and nothing is cut without `…`.
    @Test(arguments: [("en_US", "to 02-08 consent?"), ("zh_CN", "至02-08 待同意")])
    func at80By24TheCatalogShowsConsentNeededWhole(_ locale: String, _ state: String) throws {
        let (world, folder) = try world([.buy(productId: monthly, answer: .confirm), .advance(seconds: 8 * 86400),
                                         .storePriceIncrease(productId: monthly, price: Decimal(string: "3.49") ?? 0)])
        _ = folder
        let catalog = try screen(TUIState(columns: 80, rows: 24, locale: locale), world)
        try expectFrame(catalog, "price-increase-consent-catalog-\(locale == "en_US" ? "en" : "zh-Hans")-80x24")
    }

    @Test func billingRetryGracePeriodAndAPendingDowngradeShowInBothPlaces() throws {
        let (world, folder) = try world([.store(.gracePeriod, on: true), .buy(productId: monthly, answer: .confirm)])
        _ = folder
        var state = try manager(world)
        #expect(TUIUpdate.update(&state, .input(.key(.character("b"))), model: try ReadModel(world).view())
                == [.perform(.subscriptionBilling(productId: monthly, fails: true))])
        #expect(state.status == "Billing of Premium (Monthly) fails: its next renewal enters billing retry.")
        try world.performInTurn(.subscriptionBilling(productId: monthly, fails: true))
        try world.performInTurn(.advance(seconds: 8 * 86400))
        try expectFrame(try screen(state, world), "transactions-grace-period-en-120x30")
        let catalog = try screen(TUIState(columns: 100, rows: 30), world)
        try expectFrame(catalog, "grace-period-catalog-en-100x30")
        // Once the grace period is over, billing is still retried but access has ended.
        try world.performInTurn(.advance(seconds: 17 * 86400))
        try expectFrame(try screen(state, world), "transactions-billing-retry-en-120x30")
        let afterGrace = try screen(TUIState(columns: 100, rows: 30), world)
        try expectFrame(afterGrace, "billing-retry-catalog-en-100x30")
        #expect(TUIUpdate.update(&state, .input(.key(.character("b"))), model: try ReadModel(world).view())
                == [.perform(.subscriptionBilling(productId: monthly, fails: false))], "b turns billing back on")

        let (downgrading, other) = try self.world([.buy(productId: yearly, answer: .confirm), .buy(productId: monthly, answer: .confirm)])
        _ = other
        let shelf = try screen(TUIState(columns: 100, rows: 30), downgrading)
        try expectFrame(shelf, "downgrade-waiting-catalog-en-100x30")
        let notes = try screen(try manager(downgrading), downgrading)
        try expectFrame(notes, "transactions-downgrade-renews-as-monthly-en-120x30")
    }

    @Test func clearAllAsksFirstThenDeletesEveryTransaction() throws {
        let (world, folder) = try world([.buy(productId: "com.storesim.coins.100", answer: .confirm), .buy(productId: monthly, answer: .confirm)])
        _ = folder
        var state = try manager(world)
        #expect(TUIUpdate.update(&state, .input(.key(.character("z"))), model: try ReadModel(world).view()).isEmpty)
        #expect(state.mode == .confirmClear)
        try expectFrame(try screen(state, world), "confirm-clear-two-en-120x30")
        #expect(TUIUpdate.update(&state, .input(.key(.character("n"))), model: try ReadModel(world).view()).isEmpty)
        #expect(state.mode == .transactions && state.status == "Kept every transaction: nothing was cleared.")
        _ = TUIUpdate.update(&state, .input(.key(.character("z"))), model: try ReadModel(world).view())
        let effects = TUIUpdate.update(&state, .input(.key(.character("y"))), model: try ReadModel(world).view())
        #expect(effects == [.perform(.storeDelete(transactionId: 1000000000000001)), .perform(.storeDelete(transactionId: 1000000000000002))])
        for case .perform(let command) in effects { try world.performInTurn(command) }
        #expect(try ReadModel(world).view().transactions.isEmpty)
        #expect(state.status == "Cleared 2 transactions from the Store.")
    }

    @Test func theApiErrorsKeyOpensTheFaultsPanelAtRestoreAndSync() throws {
        let (world, folder) = try world([])
        _ = folder
        var state = try manager(world)
        _ = TUIUpdate.update(&state, .input(.key(.character("i"))), model: try ReadModel(world).view())
        #expect(state.mode == .faults)
        let panel = try screen(state, world)
        try expectFrame(panel, "faults-at-restore-and-sync-en-120x30")
        #expect(TUIUpdate.update(&state, .input(.key(.enter)), model: try ReadModel(world).view()) == [.perform(.store(.sync, on: false))])
    }

    @Test func helpListsTheNewKeysAndTheChineseInterfaceWordsEveryState() throws {
        var help = TUIState(columns: 120, rows: 40)
        _ = TUIUpdate.update(&help, .input(.key(.character("?"))), model: WorldViewFixture.view())
        try expectFrame(Screen.render(help, WorldViewFixture.view()).textRows, "fixture-help-en-120x40")
        let (world, folder) = try world([.buy(productId: monthly, answer: .confirm), .advance(seconds: 8 * 86400),
                                         .storePriceIncrease(productId: monthly, price: Decimal(string: "3.49") ?? 0),
                                         .consent(productId: monthly, agrees: true), .advance(seconds: 31 * 86400),
                                         .storePriceIncrease(productId: monthly, price: Decimal(string: "3.99") ?? 0)])
        _ = folder
        let chinese = try screen(try manager(world, locale: "zh_CN"), world)
        try expectFrame(chinese, "transactions-price-increase-again-zh-Hans-120x30")
        let shelf = Screen.render(TUIState(columns: 100, rows: 30, locale: "zh_CN"), try ReadModel(world).view()).textRows
        try expectFrame(shelf, "price-increase-again-catalog-zh-Hans-100x30")
        let english = ["price↑", "charged", "consent", "agreed", "declined", "raise the price", "increased price"]
        for row in chinese + shelf {
            #expect(!english.contains { row.contains($0) }, "English in the Chinese interface: \(row)")
        }
    }

    /// A Chinese title is twice as wide as its characters: the transaction manager's product
    /// column widens to the longest title shown, so the monthly and the yearly plan never read
    /// the same (both used to be cut to 高级会员（包…).
    @Test func theChineseTransactionManagerTellsTwoPlansOfAGroupApart() throws {
        let (world, folder) = try world([.buy(productId: monthly, answer: .confirm), .buy(productId: yearly, answer: .confirm)])
        _ = folder
        let rows = try screen(try manager(world, locale: "zh_CN"), world)
        try expectFrame(rows, "transactions-monthly-and-yearly-zh-Hans-120x30")
        let titles = try ReadModel(world).view().transactions.compactMap { record in
            try world.catalog.product(id: record.productId).map { try #require($0.localizations["zh_CN"]).title }
        }
        #expect(Set(titles).count == 2)
        for title in titles {
            #expect(rows.contains { $0.contains(title) }, "\(title) whole in:\n\(rows.joined(separator: "\n"))")
        }
    }
}

