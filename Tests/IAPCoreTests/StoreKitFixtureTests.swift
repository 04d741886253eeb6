import Foundation
import Testing
@testable import IAPCore

/// The two Xcode StoreKit configuration files in `Scenarios/`, read as Xcode writes them. Their
/// shape follows files Xcode saved: version 2.0 as in russell-archer/StoreHelper's
/// `SampleProducts.storekit` (settings `_storeKitError`, `_timeRate`, a `subscriptionOffersKeyPair`,
/// `adHocOffers` and `codeOffers` without `winbackOffers`); version 4.0 as in files Xcode 16 saved
/// (`appPolicies`, the nine `_storeKitErrors` with `current` `{"index", "type"}`, `winbackOffers`,
/// `numberOfPeriods` on a free trial).
@Suite("Xcode StoreKit configuration files")
struct StoreKitFixtureTests {
    static let version2 = CatalogFixture.scenarioFile("storekit-v2-crash-recovery.storekit")
    static let version4 = CatalogFixture.scenarioFile("storekit-v4-ask-to-buy-crash.storekit")

    static func read(_ path: String) throws -> CatalogReading {
        try CatalogParser.read(CatalogParser.read(path: path), file: path)
    }

    @Test func version2IsReadWithEveryKindItHolds() throws {
        let reading = try Self.read(Self.version2)
        #expect(reading.format == .storeKit(major: 2, minor: 0))
        let catalog = reading.catalog
        #expect(catalog.storefront.code == "USA")
        #expect(catalog.products.map(\.id) == [
            "com.gemquest.gems.small", "com.gemquest.gems.large", "com.gemquest.noads",
            "com.gemquest.club.monthly", "com.gemquest.club.yearly",
        ])
        #expect(catalog.products.map(\.type) == [.consumable, .consumable, .nonConsumable, .autoRenewable, .autoRenewable])
        #expect(catalog.products.map { "\($0.price)" } == ["0.99", "4.99", "2.99", "3.99", "29.99"])
        let small = try #require(catalog.product(id: "com.gemquest.gems.small"))
        #expect(small.grant == ["com.gemquest.gems.small": 1], "a consumable credits one unit of itself")
        #expect(small.localizations["zh_CN"] == Localization(title: "小宝石包", description: "一把宝石"), "zh_Hans is read as zh_CN")
        #expect(catalog.product(id: "com.gemquest.gems.large")?.localizations["en_US"]
            == Localization(title: "Large Gem Pack", description: "Large Gem Pack"), "an empty description is the title")
        #expect(catalog.product(id: "com.gemquest.noads")?.familyShareable == true)
        let monthly = try #require(catalog.product(id: "com.gemquest.club.monthly"))
        #expect(monthly.group == "Gem Club" && monthly.level == 2 && monthly.period == ISODuration(months: 1))
        #expect(monthly.introductoryOffer == IntroductoryOffer(mode: .freeTrial, period: ISODuration(weeks: 1)))
        let yearly = try #require(catalog.product(id: "com.gemquest.club.yearly"))
        #expect(yearly.level == 1 && yearly.period == ISODuration(years: 1))
        #expect(yearly.introductoryOffer == IntroductoryOffer(mode: .payAsYouGo, period: ISODuration(months: 1), price: Decimal(string: "1.99"), periods: 3))
        #expect(catalog.settings == CatalogSettings(locale: "en_US"))
        // The group's id is what signed transactions name it by (`subscriptionGroupIdentifier`).
        #expect(catalog.groupIdentifiers == ["Gem Club": "3E5A1B77"])
        #expect(catalog.subscriptionGroupIdentifier("Gem Club") == "3E5A1B77")
    }

    @Test func version2ListsWhatStoreSimDoesNotUse() throws {
        let notes = try Self.read(Self.version2).notes
        let ignored = Set(notes.filter { $0.kind == .ignored }.map(\.path))
        #expect(ignored.isSuperset(of: [
            "$.identifier", "$.subscriptionOffersKeyPair", "$.products[0].internalID",
            "$.subscriptionGroups[0].subscriptions[0].subscriptionGroupID",
            "$.subscriptionGroups[0].subscriptions[0].adHocOffers[0].internalID",
        ]))
        #expect(!notes.contains { $0.path.hasPrefix("$.subscriptionGroups[0].subscriptions[0].adHocOffers[0]") && $0.kind != .ignored },
                "a promotional offer StoreSim simulates is not listed as unused")
        #expect(try Self.read(Self.version2).catalog.product(id: "com.gemquest.club.monthly")?.offers == [
            SubscriptionOffer(type: .promotional, id: "comeback3",
                              terms: IntroductoryOffer(mode: .payUpFront, period: ISODuration(months: 3), price: Decimal(string: "0.99"))),
        ])
        let settings = notes.filter { $0.kind == .setting }.map { "\($0.path) \($0.text)" }
        #expect(settings.contains("$.settings._timeRate 0 → real time, as a new world starts"))
        #expect(settings.contains("$.settings._billingIssuesEnabled false → read, not yet simulated: StoreSim's billing problems are per subscription (subscription PRODUCT billing fail)"))
        #expect(settings.contains("$.settings._storeKitError 0 → no StoreKit error, as a new world starts"))
        #expect(notes.contains { $0.productId == "com.gemquest.gems.small" && $0.text.hasPrefix("a consumable in a .storekit file has no grant") })
    }

    @Test func version4TurnsAskToBuyOnAndKeepsTheNonRenewingPass() throws {
        let reading = try Self.read(Self.version4)
        #expect(reading.format == .storeKit(major: 4, minor: 0))
        let catalog = reading.catalog
        #expect(catalog.products.map(\.id) == ["com.gemquest.coins", "com.gemquest.pro", "com.gemquest.club", "com.gemquest.season"])
        #expect(catalog.settings == CatalogSettings(locale: "en_US", askToBuy: true))
        var switches = StoreSwitches()
        catalog.settings.apply(to: &switches)
        #expect(switches[.askToBuy] == .on && switches[.fail] == .off && switches[.productRequests] == .on)
        let season = try #require(catalog.product(id: "com.gemquest.season"))
        #expect(season.type == .nonRenewing && season.duration == nil)
        #expect(catalog.product(id: "com.gemquest.club")?.introductoryOffer == IntroductoryOffer(mode: .freeTrial, period: ISODuration(weeks: 1)))
        let notes = reading.notes
        #expect(notes.contains { $0.kind == .ignored && $0.path == "$.appPolicies" })
        #expect(notes.contains { $0.kind == .ignored && $0.path == "$.subscriptionGroups[0].subscriptions[0].introductoryOffer.numberOfPeriods" })
        #expect(catalog.product(id: "com.gemquest.club")?.offers == [
            SubscriptionOffer(type: .winBack, id: "welcome-back",
                              terms: IntroductoryOffer(mode: .payAsYouGo, period: ISODuration(months: 1), price: Decimal(string: "1.99"), periods: 2)),
        ])
        #expect(!notes.contains { $0.kind == .offer }, "the win-back offer StoreSim simulates is not listed as unused")
        #expect(notes.contains { $0.path == "$.settings._storeKitErrors" && $0.text == "9 of 9 disabled → nothing to simulate" })
        #expect(notes.contains { $0.path == "$.settings._askToBuyEnabled" && $0.text == "true → store ask-to-buy on, when a world is created" })
    }

    /// The project's catalog written as a `.storekit` file and read back gives the same products,
    /// and written as `catalog.json` again, the same file byte for byte.
    @Test func theProjectCatalogRoundTripsThroughStoreKit() throws {
        let path = CatalogFixture.projectCatalogPath
        let original = try Self.read(path)
        let storeKit = try CatalogWriter.storeKit(original.catalog, file: "test.json")
        #expect(storeKit.notes.isEmpty)
        let back = try CatalogParser.read(Data(storeKit.text.utf8), file: "converted.storekit")
        #expect(back.format == .storeKit(major: 4, minor: 0))
        #expect(back.catalog.products == original.catalog.products)
        #expect(back.catalog.storefront == original.catalog.storefront)
        let json = try CatalogWriter.storeSimJSON(back, file: "converted.storekit")
        #expect(json.notes.isEmpty)
        #expect(Data(json.text.utf8) == (try Data(contentsOf: URL(fileURLWithPath: path))))
    }

    @Test func version2ConvertsToAValidCatalogJSON() throws {
        let reading = try Self.read(Self.version2)
        let json = try CatalogWriter.storeSimJSON(reading, file: Self.version2)
        let converted = try CatalogParser.read(Data(json.text.utf8), file: "v2.json")
        #expect(converted.format == .storeSim)
        #expect(converted.catalog.products == reading.catalog.products)
        #expect(json.notes.map(\.path) == ["$.settings"], "the promotional offer is carried over as promotionalOffers, not left out")
        #expect(converted.catalog.product(id: "com.gemquest.club.monthly")?.offers.map(\.id) == ["comeback3"])
        #expect(json.notes.first?.text == "catalog.json has no settings: left out the product language en_US")
    }

    @Test func aPassWithoutDurationCannotBecomeCatalogJSON() throws {
        let reading = try Self.read(Self.version4)
        #expect(throws: CatalogError(file: "v4.storekit", path: "$.nonRenewingSubscriptions[0]",
                                     problem: "Xcode records no duration for a non-renewing subscription and catalog.json needs one: give the product \"storesim\": {\"duration\": \"P1M\"} with its real duration")) {
            try CatalogWriter.storeSimJSON(reading, file: "v4.storekit")
        }
    }
}
