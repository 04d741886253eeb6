import Foundation
import IAPCore
import Simulator
import Testing
import TestSupport
@testable import StoreTUI

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
        _ = TUIUpdate.update(&state, .input(.key(.character("t"))), model: try world.view())
        return Screen.render(state, try world.view()).textRows
    }

    private func row(_ id: String, in screen: [String]) throws -> String {
        try #require(screen.first { $0.contains("│ " + id) }, "tx \(id) in:\n\(screen.joined(separator: "\n"))")
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
        #expect(try row("1000000000000001", in: screen).contains("$0.00 trial, no auto-renew"))
        #expect(try row("1000000000000002", in: screen).contains("$0.99 promo comeback 1/2"))
        #expect(try row("1000000000000003", in: screen).contains("$0.99 promo comeback 2/2, renewal"))
        // The catalog shows what the current period was charged, after the offer's word.
        let catalog = Screen.render(TUIState(columns: 100, rows: 30), try world.view()).textRows
        #expect(catalog.contains { $0.contains("Premium (Monthly)") && $0.contains("$2.99") && $0.contains("promo $0.99→03-09") },
                "\(catalog.joined(separator: "\n"))")
    }

    @Test func anOfferCodeAndAWinBackOfferShowTheirPriceAndOffer() throws {
        let (coded, folder) = try world([.redeem(code: "SPRING")])
        _ = folder
        #expect(try row("1000000000000001", in: try manager(coded)).contains("$0.00 code SPRING"))
        let (wonBack, other) = try world(lapsedTrial + [.buyOffer(productId: monthly, offerId: "winback")])
        _ = other
        #expect(try row("1000000000000002", in: try manager(wonBack)).contains("$1.99 win-back winback"))
    }

    /// Apple (Transaction.Offer.PaymentMode.payUpFront): "With a Pay Up Front payment mode,
    /// subscribers pay a one-time discounted price for a specific duration." Each pay-as-you-go
    /// period is told as which of the offer's periods it pays for.
    @Test func payUpFrontAndPayAsYouGoIntroductoryOffersShowTheirPriceAndPeriod() throws {
        let catalog = try CatalogParser.load(path: Self.gym)
        let (world, folder) = try world([.buy(productId: "com.gym.yearly", answer: .confirm)], catalog: catalog)
        _ = folder
        #expect(try row("1000000000000001", in: try manager(world)).contains("$29.99 intro"))
        let shelf = Screen.render(TUIState(columns: 100, rows: 30), try world.view()).textRows
        #expect(shelf.contains { $0.contains("$79.99") && $0.contains("intro $29.99→07-01") }, "\(shelf.joined(separator: "\n"))")
        let (monthly, other) = try self.world([.buy(productId: "com.gym.monthly", answer: .confirm), .advance(seconds: 31 * 86400)],
                                              catalog: catalog)
        _ = other
        let screen = try manager(monthly)
        #expect(try row("1000000000000001", in: screen).contains("$1.99 intro 1/3"))
        #expect(try row("1000000000000002", in: screen).contains("$1.99 intro 2/3, renewal"))
    }

    /// At 80×24 the notes column is narrow: the price comes first, and the last row of the panel
    /// tells the selected transaction's notes whole; the catalog keeps the offer's price.
    @Test func at80ColumnsThePriceLeadsAndTheSelectedTransactionIsToldWhole() throws {
        let (world, folder) = try world(lapsedTrial + [.buyOffer(productId: monthly, offerId: "comeback")])
        _ = folder
        let screen = try manager(world, columns: 80, rows: 24)
        #expect(try row("1000000000000002", in: screen).contains("yes $0.99 pro…"), "\(screen.joined(separator: "\n"))")
        #expect(screen.contains { $0.contains("│ tx 1000000000000002: $0.99 promo comeback 1/2 ") })
        let catalog = Screen.render(TUIState(columns: 80, rows: 24), try world.view()).textRows
        #expect(catalog.contains { $0.contains("Premium (Mont…") && $0.contains("$0.99→02-09") }, "\(catalog.joined(separator: "\n"))")
    }

    @Test func theChineseInterfaceWordsEveryOffer() throws {
        let (world, folder) = try world(lapsedTrial + [.buyOffer(productId: monthly, offerId: "comeback")])
        _ = folder
        let screen = try manager(world, locale: "zh_CN")
        #expect(try row("1000000000000001", in: screen).contains("US$0.00 试用、不自动续期"))
        #expect(try row("1000000000000002", in: screen).contains("US$0.99 促销 comeback 1/2"))
        #expect(screen.contains { $0.contains("交易 1000000000000002：US$0.99 促销 comeback 1/2") })
        let catalog = Screen.render(TUIState(columns: 100, rows: 30, locale: "zh_CN"), try world.view()).textRows
        #expect(catalog.contains { $0.contains("促销 US$0.99至02-09") }, "\(catalog.joined(separator: "\n"))")
        let (coded, other) = try self.world([.redeem(code: "SPRING")])
        _ = other
        let winBack = try self.world(lapsedTrial + [.buyOffer(productId: monthly, offerId: "winback")])
        let rows = try manager(coded, locale: "zh_CN") + manager(winBack.0, locale: "zh_CN")
        #expect(rows.contains { $0.contains("US$0.00 优惠码 SPRING") } && rows.contains { $0.contains("US$1.99 赢回 winback") })
        let english = ["trial", "promo", "intro", "code ", "win-back", "renewal", "tx "]
        for row in screen + catalog + rows {
            #expect(!english.contains { row.contains($0) }, "English in the Chinese interface: \(row)")
        }
    }
}
