import Foundation
import IAPCore
import ReadSide
import ScenarioLanguage
import Testing
import TestSupport
@testable import StoreTUI
import WorldCore

/// What a subscription bought under an offer was charged, and which offer, on the transaction
/// manager's row and in the catalog, on a real world's view (screens as text rows). Apple
/// (Transaction.price): "The price of the in-app purchase that the system records in the
/// transaction", which reflects "The discount from a subscription offer in the offer property,
/// if the transaction includes an offer." Apple (Transaction.offer): "The offer that applies to
/// the transaction, including its offer type, payment mode, and ID."
@Suite struct OfferScreenTests {
    let monthly = "com.storesim.premium.monthly"

    /// The Gym catalog beside the introductory-modes scenario: a yearly plan paid $29.99 up front
    /// for six months, a monthly plan paid as you go at $1.99 for three months.
    static let gym = SlowChineseScenarioTests.scenarios.appendingPathComponent("offer-introductory-modes.storekit").path

    /// A world with the app running that has carried out `commands` in turn, each settled.
    private func world(_ commands: [ScenarioCommand], catalog: Catalog = BuiltInCatalog.catalog()) throws -> (World, TemporaryFolder) {
        let folder = try TemporaryFolder()
        let world = try folder.world(catalog: catalog, seed: 3)
        try world.performInTurn(.launch)
        for command in commands {
            try world.performInTurn(command)
            try world.settle()
        }
        return (world, folder)
    }

    /// The transaction manager's rows, opened with the newest transaction selected.
    private func manager(_ world: World, columns: Int = 120, rows: Int = 30, locale: String = "en_US") throws -> [String] {
        var state = TUIState(columns: columns, rows: rows, locale: locale)
        _ = TUIUpdate.update(&state, .input(.key(.character("t"))), model: try ReadModel(world).view())
        return Screen.render(state, try ReadModel(world).view()).textRows
    }

    /// The monthly plan's free trial lapses with auto-renew off, then the plan is bought again
    /// under `offer` (a promotional or win-back offer).
    private var lapsedTrial: [ScenarioCommand] {
        [.buy(productId: monthly, answer: .confirm), .subscriptionRenew(productId: monthly, on: false), .advance(seconds: 8 * 86400)]
    }

    @Test func aFreeTrialAndAPromotionalOfferShowTheirPriceAndOfferOnTheirRows() throws {
        let (world, folder) = try world(lapsedTrial + [.buyOffer(productId: monthly, offerId: "comeback"), .advance(seconds: 31 * 86400)])
        _ = folder
        let screen = try manager(world)
        try expectFrame(screen, "transactions-trial-then-promo-en-120x30")
        // The catalog shows what the current period was charged, after the offer's word.
        let catalog = Screen.render(TUIState(columns: 100, rows: 30), try ReadModel(world).view()).textRows
        try expectFrame(catalog, "promo-catalog-en-100x30")
    }

    @Test func anOfferCodeAndAWinBackOfferShowTheirPriceAndOffer() throws {
        let (coded, folder) = try world([.redeem(code: "SPRING")])
        _ = folder
        try expectFrame(try manager(coded), "transactions-offer-code-en-120x30")
        let (wonBack, other) = try world(lapsedTrial + [.buyOffer(productId: monthly, offerId: "winback")])
        _ = other
        try expectFrame(try manager(wonBack), "transactions-win-back-en-120x30")
    }

    /// Apple (Transaction.Offer.PaymentMode.payUpFront): "With a Pay Up Front payment mode,
    /// subscribers pay a one-time discounted price for a specific duration." Each pay-as-you-go
    /// period is told as which of the offer's periods it pays for.
    @Test func payUpFrontAndPayAsYouGoIntroductoryOffersShowTheirPriceAndPeriod() throws {
        let catalog = try CatalogParser.load(path: Self.gym)
        let (world, folder) = try world([.buy(productId: "com.gym.yearly", answer: .confirm)], catalog: catalog)
        _ = folder
        try expectFrame(try manager(world), "transactions-gym-pay-up-front-en-120x30")
        let shelf = Screen.render(TUIState(columns: 100, rows: 30), try ReadModel(world).view()).textRows
        try expectFrame(shelf, "gym-pay-up-front-catalog-en-100x30")
        let (monthly, other) = try self.world([.buy(productId: "com.gym.monthly", answer: .confirm), .advance(seconds: 31 * 86400)],
                                              catalog: catalog)
        _ = other
        let screen = try manager(monthly)
        try expectFrame(screen, "transactions-gym-pay-as-you-go-en-120x30")
    }

    /// At 80×24 the notes column is narrow: the price comes first, and the last row of the panel
    /// tells the selected transaction's notes whole; the catalog keeps the offer's price.
    @Test func at80ColumnsThePriceLeadsAndTheSelectedTransactionIsToldWhole() throws {
        let (world, folder) = try world(lapsedTrial + [.buyOffer(productId: monthly, offerId: "comeback")])
        _ = folder
        let screen = try manager(world, columns: 80, rows: 24)
        try expectFrame(screen, "transactions-promo-en-80x24")
        let catalog = Screen.render(TUIState(columns: 80, rows: 24), try ReadModel(world).view()).textRows
        try expectFrame(catalog, "promo-catalog-en-80x24")
    }

    @Test func theChineseInterfaceWordsEveryOffer() throws {
        let (world, folder) = try world(lapsedTrial + [.buyOffer(productId: monthly, offerId: "comeback")])
        _ = folder
        let screen = try manager(world, locale: "zh_CN")
        try expectFrame(screen, "transactions-trial-then-promo-zh-Hans-120x30")
        let catalog = Screen.render(TUIState(columns: 100, rows: 30, locale: "zh_CN"), try ReadModel(world).view()).textRows
        try expectFrame(catalog, "promo-catalog-zh-Hans-100x30")
        let (coded, other) = try self.world([.redeem(code: "SPRING")])
        _ = other
        let winBack = try self.world(lapsedTrial + [.buyOffer(productId: monthly, offerId: "winback")])
        let rows = try manager(coded, locale: "zh_CN") + manager(winBack.0, locale: "zh_CN")
        try expectFrame(try manager(coded, locale: "zh_CN"), "transactions-offer-code-zh-Hans-120x30")
        try expectFrame(try manager(winBack.0, locale: "zh_CN"), "transactions-win-back-zh-Hans-120x30")
        let english = ["trial", "promo", "intro", "code ", "win-back", "renewal", "tx "]
        for row in screen + catalog + rows {
            #expect(!english.contains { row.contains($0) }, "English in the Chinese interface: \(row)")
        }
    }
}
