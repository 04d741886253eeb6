import Foundation
import Testing
@testable import IAPCore

/// Builds Xcode StoreKit configuration documents for tests, in the shape Xcode writes.
enum StoreKitFixture {
    static func product(_ id: String, _ type: String = "NonConsumable", _ changes: [String: Any] = [:]) -> [String: Any] {
        var product: [String: Any] = [
            "displayPrice": "0.99", "familyShareable": false, "internalID": "0A1B2C3D", "productID": id,
            "referenceName": id, "type": type,
            "localizations": [["description": "D", "displayName": "T", "locale": "en_US"]],
        ]
        if type == "RecurringSubscription" {
            product.merge(["adHocOffers": [], "codeOffers": [], "groupNumber": 1, "introductoryOffer": NSNull(),
                           "recurringSubscriptionPeriod": "P1M", "subscriptionGroupID": "11111111"]) { $1 }
        }
        for (key, value) in changes { product[key] = value is NSNull ? nil : value }
        return product
    }

    static func document(products: [Any] = [], passes: [Any] = [], subscriptions: [Any] = [],
                         settings: [String: Any] = [:], major: Int = 4) -> String {
        CatalogFixture.json([
            "identifier": "ABCDEF12", "nonRenewingSubscriptions": passes, "products": products, "settings": settings,
            "subscriptionGroups": subscriptions.isEmpty ? [] : [["id": "11111111", "localizations": [], "name": "Plus", "subscriptions": subscriptions]],
            "version": ["major": major, "minor": 0],
        ])
    }

    static func read(_ text: String) throws -> CatalogReading {
        try CatalogParser.read(Data(text.utf8), file: CatalogFixture.file)
    }
}

@Suite("Reading an Xcode StoreKit configuration file")
struct StoreKitDocumentTests {
    typealias Fixture = StoreKitFixture

    @Test func theFormatIsKnownByContentNotByName() throws {
        let storeKit = try Fixture.read(Fixture.document(products: [Fixture.product("com.a")]))
        #expect(storeKit.format == .storeKit(major: 4, minor: 0), "read from a file named \(CatalogFixture.file)")
        let storeSim = try CatalogParser.read(Data(BuiltInCatalog.json.utf8), file: "App.storekit")
        #expect(storeSim.format == .storeSim)
        let minimal = CatalogFixture.json(["products": [Fixture.product("com.a")]])
        expectCatalogError(minimal, path: "$.version", problem: "missing required key")
        expectCatalogError(CatalogFixture.json(["storefront": "USA", "products": [], "version": 1]), path: "$.version", problem: "unknown key")
    }

    @Test(arguments: 1...5) func everyVersionFromOneToFiveIsRead(major: Int) throws {
        #expect(try Fixture.read(Fixture.document(products: [Fixture.product("com.a")], major: major)).format == .storeKit(major: major, minor: 0))
    }

    @Test func badInputIsOneErrorWithItsPath() {
        expectCatalogError(#"{"version": {"major": 4, "minor": 0}, "products": [}"#, path: "$", problem: "not valid JSON: unexpected '}' at line 1, column 52")
        expectCatalogError(Fixture.document(products: [Fixture.product("com.a", "NonConsumable", ["productID": NSNull()])]),
                           path: "$.products[0].productID", problem: "missing required key")
        expectCatalogError(Fixture.document(products: [Fixture.product("com.a")], subscriptions: [Fixture.product("com.a", "RecurringSubscription")]),
                           path: "$.subscriptionGroups[0].subscriptions[0].productID", problem: "duplicate id \"com.a\", already used by $.products[0]")
        expectCatalogError(Fixture.document(products: [Fixture.product("com.a", "Gift")]),
                           path: "$.products[0].type", problem: "unknown type \"Gift\" (expected Consumable or NonConsumable here)")
        expectCatalogError(Fixture.document(passes: [Fixture.product("com.a", "Consumable")]),
                           path: "$.nonRenewingSubscriptions[0].type", problem: "unknown type \"Consumable\" (expected NonRenewingSubscription here)")
        expectCatalogError(Fixture.document(subscriptions: [Fixture.product("com.a", "RecurringSubscription", ["recurringSubscriptionPeriod": "P1X"])]),
                           path: "$.subscriptionGroups[0].subscriptions[0].recurringSubscriptionPeriod",
                           problem: "\"P1X\" is not an ISO 8601 duration like P1W, P1M or P1Y (years, months, weeks, days)")
        expectCatalogError(Fixture.document(products: [Fixture.product("com.a")], major: 6),
                           path: "$.version.major", problem: "format version 6.0 is not one StoreSim reads (versions 1 to 5)")
    }

    @Test func offersAreCheckedAsTheyAreRead() {
        let subscription = { (offer: [String: Any]) in
            Fixture.document(subscriptions: [Fixture.product("com.a", "RecurringSubscription", ["introductoryOffer": offer])])
        }
        let at = "$.subscriptionGroups[0].subscriptions[0].introductoryOffer"
        expectCatalogError(subscription(["paymentMode": "free", "subscriptionPeriod": "P0D"]), path: at + ".subscriptionPeriod",
                           problem: "\"P0D\" is zero; a duration must be at least one day")
        expectCatalogError(subscription(["paymentMode": "discount", "subscriptionPeriod": "P1W"]), path: at + ".paymentMode",
                           problem: "unknown paymentMode \"discount\" (expected free, payAsYouGo, payUpFront)")
        expectCatalogError(subscription(["paymentMode": "payAsYouGo", "subscriptionPeriod": "P1M", "displayPrice": "0.99"]),
                           path: at + ".numberOfPeriods", problem: "missing required key")
        expectCatalogError(Fixture.document(subscriptions: [Fixture.product("com.a", "RecurringSubscription",
                                                                            ["codeOffers": [["paymentMode": "free", "subscriptionPeriod": "1 week"]]])]),
                           path: "$.subscriptionGroups[0].subscriptions[0].codeOffers[0].subscriptionPeriod",
                           problem: "\"1 week\" is not an ISO 8601 duration")
    }

    @Test func settingsTurnStoreSwitchesOn() throws {
        let errors: [[String: Any]] = [
            ["current": ["index": 2, "type": "generic"], "enabled": true, "name": "Load Products"],
            ["current": NSNull(), "enabled": true, "name": "Verification"],
            ["current": NSNull(), "enabled": false, "name": "App Store Sync"],
            ["current": NSNull(), "enabled": true, "name": "Subscription Status"],
        ]
        let reading = try Fixture.read(Fixture.document(products: [Fixture.product("com.a")], settings: [
            "_failTransactionsEnabled": true, "_storeKitErrors": errors, "_compatibilityTimeRate": ["3": 6], "_developerTeamID": "X",
        ]))
        var expected = CatalogSettings(failPurchases: true, productRequestsFail: true)
        expected.verificationFails = true
        expected.subscriptionStatusFails = true
        #expect(reading.catalog.settings == expected)
        var switches = StoreSwitches()
        reading.catalog.settings.apply(to: &switches)
        #expect(switches[.fail] == .failing(.unknown) && switches[.productRequests] == .off && switches[.askToBuy] == .off)
        #expect(switches[.deviceVerification] == .off && switches[.sync] == .on, "App Store Sync is disabled in the file")
        #expect(switches[.subscriptionStatus] == .off)
        #expect(reading.catalog.settings.switchCommands
                == ["store fail on unknown", "store product-requests off", "store device-verification off", "store subscription-status off"])
        let settings = reading.notes.filter { $0.kind == .setting }.map { "\($0.path) \($0.text)" }
        #expect(settings == [
            "$.settings._storefront none → USA, StoreKit Testing's default: prices in USD",
            "$.settings._compatibilityTimeRate {\"3\": 6} → read, not yet simulated: the rate for systems before Xcode's current rates; StoreSim follows _timeRate",
            "$.settings._failTransactionsEnabled true → store fail on unknown, when a world is created",
            "$.settings._storeKitErrors[0] \"Load Products\" enabled (current {\"index\": 2, \"type\": \"generic\"}) → store product-requests off, when a world is created",
            "$.settings._storeKitErrors[1] \"Verification\" enabled (current null) → store device-verification off, when a world is created",
            "$.settings._storeKitErrors[3] \"Subscription Status\" enabled (current null) → store subscription-status off, when a world is created",
            "$.settings._storeKitErrors 1 of 4 disabled → nothing to simulate",
        ])
        #expect(reading.notes.contains { $0.kind == .ignored && $0.path == "$.settings._developerTeamID" })
        let written = try CatalogWriter.storeKit(reading.catalog, file: "test.json")
        let back = try CatalogParser.read(Data(written.text.utf8), file: "converted.storekit")
        #expect(back.catalog.settings == expected, "the simulated errors per API are written back as StoreKit errors")
        let purchase = try Fixture.read(Fixture.document(products: [Fixture.product("com.a")], settings: [
            "_storeKitErrors": [["current": NSNull(), "enabled": true, "name": "Purchase"]], "_askToBuyEnabled": true,
        ]))
        #expect(purchase.catalog.settings == CatalogSettings(askToBuy: true, failPurchases: true))
        let grace = try Fixture.read(Fixture.document(products: [Fixture.product("com.a")], settings: ["_billingGracePeriodEnabled": true]))
        #expect(grace.catalog.settings.gracePeriod)
        #expect(grace.notes.contains { $0.text == "true → store grace-period on, when a world is created" })
        expectCatalogError(Fixture.document(settings: ["_askToBuyEnabled": "yes"]), path: "$.settings._askToBuyEnabled",
                           problem: "expected true or false, found a string")
    }

    /// Apple: `timeRate` is "the rate at which time passes for subscriptions in the test
    /// environment as compared to real time", "Default to SKTestTimeRateRealTime"; Xcode keeps it
    /// in `_timeRate` as `SKTestTimeRate`'s number (SKTestSession.h: real time 0, the monthly
    /// rates from 10, the fixed ones from 1000; the deprecated day rates 1–6).
    @Test func theTimeRateSettingStartsAWorldAtXcodesRate() throws {
        let twoSeconds = try Fixture.read(Fixture.document(products: [Fixture.product("com.a")], settings: ["_timeRate": 1005]))
        #expect(twoSeconds.catalog.settings.timeRate == .oneRenewalEveryTwoSeconds)
        #expect(twoSeconds.catalog.settings.switchCommands == ["store time-rate one-renewal-every-2s"])
        #expect(twoSeconds.notes.contains { $0.path == "$.settings._timeRate" && $0.text == "1005 → store time-rate one-renewal-every-2s, when a world is created" })
        var switches = StoreSwitches()
        twoSeconds.catalog.settings.apply(to: &switches)
        #expect(switches.timeRate == .oneRenewalEveryTwoSeconds)
        let replaced = try Fixture.read(Fixture.document(products: [Fixture.product("com.a")], settings: ["_timeRate": 5]))
        #expect(replaced.catalog.settings.timeRate == .monthlyRenewalEveryFifteenMinutes, "ThirtySecondsIsOneDay's replacement")
        let deprecated = try Fixture.read(Fixture.document(products: [Fixture.product("com.a")], settings: ["_timeRate": 2]))
        #expect(deprecated.catalog.settings.timeRate == .real)
        #expect(deprecated.notes.contains { $0.path == "$.settings._timeRate" && $0.text == "2 → read, not yet simulated: a deprecated day rate Apple gives no replacement for; real time" })
        expectCatalogError(Fixture.document(settings: ["_timeRate": 14]), path: "$.settings._timeRate",
                           problem: "14 is not one of SKTestSession's time rates (0, 10–13, 15, 1000–1005)")
        expectCatalogError(Fixture.document(settings: ["_timeRate": "fast"]), path: "$.settings._timeRate",
                           problem: "expected a number, found a string")
        for rate in TimeRate.allCases {
            var settings = CatalogSettings()
            settings.timeRate = rate
            let catalog = Catalog(storefront: .unitedStates, products: twoSeconds.catalog.products, settings: settings)
            let back = try CatalogParser.read(Data(CatalogWriter.storeKit(catalog, file: "rate.json").text.utf8), file: "rate.storekit")
            #expect(back.catalog.settings.timeRate == rate, "\(rate) written as \(rate.xcodeNumber) and read back")
        }
    }

    @Test func theStorefrontAndLocaleSetCurrencyAndLanguage() throws {
        let product = Fixture.product("com.a", "NonConsumable", ["displayPrice": "300", "localizations": [
            ["description": "説明", "displayName": "名前", "locale": "ja"],
            ["description": "D", "displayName": "T", "locale": "zh_Hant"],
            ["description": "again", "displayName": "again", "locale": "ja-JP"],
        ]])
        let reading = try Fixture.read(Fixture.document(products: [product], settings: ["_storefront": "JPN", "_locale": "ja"]))
        let catalog = reading.catalog
        #expect(catalog.storefront.code == "JPN" && catalog.settings.locale == "ja_JP")
        #expect(catalog.formattedPrice(of: catalog.products[0], locale: "ja_JP") == "¥300")
        #expect(Set(catalog.products[0].localizations.keys) == ["ja_JP", "zh_TW"])
        #expect(catalog.products[0].title(locale: "ja_JP") == "名前")
        #expect(catalog.products[0].title(locale: "en_US") == "com.a", "no en_US: the reference name")
        #expect(reading.notes.contains { $0.text == "ja-JP is read as ja_JP, which an entry before it gives: not used" })
        expectCatalogError(Fixture.document(settings: ["_storefront": "ZAF"]), path: "$.settings._storefront",
                           problem: "unknown storefront \"ZAF\" (StoreSim knows USA, CHN, GBR, JPN, DEU, FRA, CAN, AUS)")
        expectCatalogError(Fixture.document(products: [Fixture.product("com.a", "NonConsumable", ["localizations": [["locale": "english"]]])]),
                           path: "$.products[0].localizations[0].locale", problem: "\"english\" is not a locale like en_US, zh_Hans or ja")
        expectCatalogError(Fixture.document(products: [Fixture.product("com.a", "NonConsumable", ["displayPrice": "300.5"])], settings: ["_storefront": "JPN"]),
                           path: "$.products[0].displayPrice", problem: "JPY prices are whole numbers, without decimals")
    }

    /// What Xcode does not record comes from the product's `storesim` object, with
    /// `catalog.json`'s rules; without it a consumable credits one unit of itself.
    @Test func theStoreSimObjectCarriesWhatXcodeDoesNotRecord() throws {
        let reading = try Fixture.read(Fixture.document(
            products: [Fixture.product("com.coins", "Consumable", ["storesim": ["grant": ["coins": 100], "serverProductId": "coins_100"]]),
                       Fixture.product("com.tip", "Consumable")],
            passes: [Fixture.product("com.pass", "NonRenewingSubscription", ["storesim": ["duration": "P3M"]])]))
        let products = reading.catalog.products
        #expect(products.map(\.grant) == [["coins": 100], ["com.tip": 1], [:]])
        #expect(products[0].serverProductId == "coins_100")
        #expect(products[2].duration == ISODuration(months: 3))
        expectCatalogError(Fixture.document(products: [Fixture.product("com.a", "NonConsumable", ["storesim": ["grant": ["coins": 1]]])]),
                           path: "$.products[0].storesim.grant", problem: "grant is only for consumables")
        expectCatalogError(Fixture.document(products: [Fixture.product("com.a", "Consumable", ["storesim": ["bonus": 1]])]),
                           path: "$.products[0].storesim.bonus", problem: "unknown key")
    }

    /// Xcode writes `"referenceName": null` for a product whose reference name was cleared, and
    /// loads such a file; the product id stands in for the name, and for the title it falls to.
    @Test func aNullOrMissingReferenceNameFallsBackToTheProductId() throws {
        let null = Fixture.product("com.a", "Consumable", ["referenceName": NSNull(), "localizations": [
            ["description": "", "displayName": "", "locale": "en_US"],
        ]])
        var missing = Fixture.product("com.b")
        missing["referenceName"] = nil
        var nullInJSON = Fixture.document(products: [null, missing])
        nullInJSON = nullInJSON.replacingOccurrences(of: "\"productID\":\"com.a\"", with: "\"productID\":\"com.a\",\"referenceName\":null")
        #expect(nullInJSON.contains("\"referenceName\":null"))
        let reading = try Fixture.read(nullInJSON)
        #expect(reading.catalog.products.map(\.referenceName) == ["com.a", "com.b"])
        #expect(reading.catalog.products[0].localizations["en_US"]?.title == "com.a")
        #expect(reading.notes.filter { $0.text == "no reference name: the product id stands in for it" }.count == 2)
    }

    @Test func emptyNamesFallBackAndAreSaidSo() throws {
        let product = Fixture.product("com.a", "NonConsumable", ["referenceName": "Alpha", "localizations": [
            ["description": "", "displayName": "", "locale": "en_US"],
        ]])
        let reading = try Fixture.read(Fixture.document(products: [product]))
        #expect(reading.catalog.products[0].localizations["en_US"] == Localization(title: "Alpha", description: "Alpha"))
        #expect(reading.notes.filter { $0.kind == .product }.map(\.text) == [
            "en_US has no display name: the title is the reference name", "en_US has no description: the description is the title",
        ])
    }
}
