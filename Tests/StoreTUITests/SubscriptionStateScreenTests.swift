import Foundation
import IAPCore
import Simulator
import Testing
import TestSupport
@testable import StoreTUI

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
        Screen.render(state, try world.view()).textRows
    }

    /// The transaction manager opened with the newest transaction selected.
    private func manager(_ world: World, locale: String = "en_US") throws -> TUIState {
        var state = TUIState(columns: 120, rows: 30, locale: locale)
        _ = TUIUpdate.update(&state, .input(.key(.character("t"))), model: try world.view())
        return state
    }

    @Test func aPriceIncreaseAsksForConsentAndTheAgreedRenewalShowsItsPrice() throws {
        let (world, folder) = try world([.buy(productId: monthly, answer: .confirm), .advance(seconds: 8 * 86400),
                                         .storePriceIncrease(productId: monthly, price: Decimal(string: "3.49") ?? 0)])
        _ = folder
        let catalog = try screen(TUIState(columns: 100, rows: 30), world)
        let row = try #require(catalog.first { $0.contains("Premium (Mon") }, "\(catalog.joined(separator: "\n"))")
        #expect(row.contains("$3.49") && row.contains("to 02-08 price↑ consent?"), "\(row)")
        var state = try manager(world)
        let pending = try screen(state, world)
        #expect(pending.contains { $0.contains("1000000000000002") && $0.contains("price↑ consent?") }, "\(pending.joined(separator: "\n"))")
        let effects = TUIUpdate.update(&state, .input(.key(.character("c"))), model: try world.view())
        #expect(effects == [.perform(.consent(productId: monthly, agrees: true))])
        #expect(state.status == "Premium (Monthly): the subscriber agrees to the new price; the next renewal charges it.")
        try world.performInTurn(.consent(productId: monthly, agrees: true))
        #expect(try screen(state, world).contains { $0.contains("1000000000000002") && $0.contains("price↑ agreed") })
        try world.performInTurn(.advance(seconds: 31 * 86400))
        let renewed = try screen(state, world)
        #expect(renewed.contains { $0.contains("1000000000000003") && $0.contains("renewal") && $0.contains("charged $3.49") },
                "\(renewed.joined(separator: "\n"))")
        #expect(TUIUpdate.update(&state, .input(.key(.character("v"))), model: try world.view()).isEmpty, "nothing waits for an answer now")
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
        let row = try #require(catalog.first { $0.contains("3.49") }, "\(catalog.joined(separator: "\n"))")
        #expect(row.contains(state + " "), "\(row)")
        let column = try #require(row.range(of: state))
        let before = row[..<column.lowerBound].trimmingCharacters(in: .whitespaces)
        #expect(before.hasSuffix("auto-renew") || before.hasSuffix("自动续期"), "only spaces stand between the type and the state: \(row)")
    }

    @Test func billingRetryGracePeriodAndAPendingDowngradeShowInBothPlaces() throws {
        let (world, folder) = try world([.store(.gracePeriod, on: true), .buy(productId: monthly, answer: .confirm)])
        _ = folder
        var state = try manager(world)
        #expect(TUIUpdate.update(&state, .input(.key(.character("b"))), model: try world.view())
                == [.perform(.subscriptionBilling(productId: monthly, fails: true))])
        #expect(state.status == "Billing of Premium (Monthly) fails: its next renewal enters billing retry.")
        try world.performInTurn(.subscriptionBilling(productId: monthly, fails: true))
        try world.performInTurn(.advance(seconds: 8 * 86400))
        #expect(try screen(state, world).contains { $0.contains("1000000000000001") && $0.contains("grace→2026-01-24") })
        let catalog = try screen(TUIState(columns: 100, rows: 30), world)
        #expect(catalog.contains { $0.contains("Premium (Mon") && $0.contains("grace→01-24") })
        // Once the grace period is over, billing is still retried but access has ended.
        try world.performInTurn(.advance(seconds: 17 * 86400))
        #expect(try screen(state, world).contains { $0.contains("1000000000000001") && $0.contains("billing retry") })
        let afterGrace = try screen(TUIState(columns: 100, rows: 30), world)
        #expect(afterGrace.contains { $0.contains("Premium (Mon") && $0.contains("billing retry") && !$0.contains("grace→") },
                "\(afterGrace.joined(separator: "\n"))")
        #expect(TUIUpdate.update(&state, .input(.key(.character("b"))), model: try world.view())
                == [.perform(.subscriptionBilling(productId: monthly, fails: false))], "b turns billing back on")

        let (downgrading, other) = try self.world([.buy(productId: yearly, answer: .confirm), .buy(productId: monthly, answer: .confirm)])
        _ = other
        let shelf = try screen(TUIState(columns: 100, rows: 30), downgrading)
        #expect(shelf.contains { $0.contains("Premium (Monthly)") && $0.contains("from 2027-01-01") }, "\(shelf.joined(separator: "\n"))")
        let notes = try screen(try manager(downgrading), downgrading)
        #expect(notes.contains { $0.contains("1000000000000001") && $0.contains("renews as Premium (Monthly)") })
    }

    @Test func clearAllAsksFirstThenDeletesEveryTransaction() throws {
        let (world, folder) = try world([.buy(productId: "com.storesim.coins.100", answer: .confirm), .buy(productId: monthly, answer: .confirm)])
        _ = folder
        var state = try manager(world)
        #expect(TUIUpdate.update(&state, .input(.key(.character("z"))), model: try world.view()).isEmpty)
        #expect(state.mode == .confirmClear)
        #expect(try screen(state, world).contains { $0.contains("Delete all 2 transactions from the Store?") })
        #expect(TUIUpdate.update(&state, .input(.key(.character("n"))), model: try world.view()).isEmpty)
        #expect(state.mode == .transactions && state.status == "Kept every transaction: nothing was cleared.")
        _ = TUIUpdate.update(&state, .input(.key(.character("z"))), model: try world.view())
        let effects = TUIUpdate.update(&state, .input(.key(.character("y"))), model: try world.view())
        #expect(effects == [.perform(.storeDelete(transactionId: 1000000000000001)), .perform(.storeDelete(transactionId: 1000000000000002))])
        for case .perform(let command) in effects { try world.performInTurn(command) }
        #expect(try world.view().transactions.isEmpty)
        #expect(state.status == "Cleared 2 transactions from the Store.")
    }

    @Test func theApiErrorsKeyOpensTheFaultsPanelAtRestoreAndSync() throws {
        let (world, folder) = try world([])
        _ = folder
        var state = try manager(world)
        _ = TUIUpdate.update(&state, .input(.key(.character("i"))), model: try world.view())
        #expect(state.mode == .faults)
        let panel = try screen(state, world)
        let selected = try #require(panel.first { $0.contains("store restore and sync") })
        #expect(selected.contains("answered"))
        #expect(panel.contains { $0.contains("store device verification") && $0.contains("verified") })
        #expect(panel.contains { $0.contains("store subscription status") && $0.contains("answered") })
        #expect(TUIUpdate.update(&state, .input(.key(.enter)), model: try world.view()) == [.perform(.store(.sync, on: false))])
    }

    @Test func helpListsTheNewKeysAndTheChineseInterfaceWordsEveryState() throws {
        var help = TUIState(columns: 120, rows: 40)
        _ = TUIUpdate.update(&help, .input(.key(.character("?"))), model: WorldViewFixture.view())
        let text = Screen.render(help, WorldViewFixture.view()).textRows.joined(separator: " ")
        for key in ["b billing", "c consent", "v decline price", "z clear all", "i API errors"] {
            #expect(text.contains(key), "\(key) in help")
        }
        let (world, folder) = try world([.buy(productId: monthly, answer: .confirm), .advance(seconds: 8 * 86400),
                                         .storePriceIncrease(productId: monthly, price: Decimal(string: "3.49") ?? 0),
                                         .consent(productId: monthly, agrees: true), .advance(seconds: 31 * 86400),
                                         .storePriceIncrease(productId: monthly, price: Decimal(string: "3.99") ?? 0)])
        _ = folder
        let chinese = try screen(try manager(world, locale: "zh_CN"), world)
        #expect(chinese.contains { $0.contains("1000000000000003") && $0.contains("扣款 US$3.49") && $0.contains("涨价待同意") },
                "\(chinese.joined(separator: "\n"))")
        let shelf = Screen.render(TUIState(columns: 100, rows: 30, locale: "zh_CN"), try world.view()).textRows
        #expect(shelf.contains { $0.contains("US$3.99") && $0.contains("涨价待同意") }, "\(shelf.joined(separator: "\n"))")
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
        let titles = try world.view().transactions.compactMap { record in
            try world.catalog.product(id: record.productId).map { try #require($0.localizations["zh_CN"]).title }
        }
        #expect(Set(titles).count == 2)
        for title in titles {
            #expect(rows.contains { $0.contains(title) }, "\(title) whole in:\n\(rows.joined(separator: "\n"))")
        }
    }
}

