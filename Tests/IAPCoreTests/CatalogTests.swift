import Foundation
import Testing
@testable import IAPCore

@Suite("The project's catalog")
struct CatalogTests {
    private func projectCatalog() throws -> Catalog {
        try CatalogParser.load(path: CatalogFixture.projectCatalogPath)
    }

    @Test func projectFileHasTheSixProductsInOrder() throws {
        let catalog = try projectCatalog()
        #expect(catalog.storefront.code == "USA")
        #expect(catalog.products.map(\.id) == [
            "com.storesim.coins.100", "com.storesim.coins.550", "com.storesim.pro",
            "com.storesim.premium.monthly", "com.storesim.premium.yearly", "com.storesim.season",
        ])
        #expect(catalog.products.map(\.type) == [
            .consumable, .consumable, .nonConsumable, .autoRenewable, .autoRenewable, .nonRenewing,
        ])
        #expect(catalog.products.map { "\($0.price)" } == ["0.99", "4.99", "9.99", "2.99", "24.99", "5.99"])
        #expect(catalog.products.allSatisfy { Set($0.localizations.keys).isSuperset(of: ["en_US", "zh_CN"]) })
    }

    @Test func projectFileProductDetails() throws {
        let catalog = try projectCatalog()
        let coins100 = try #require(catalog.product(id: "com.storesim.coins.100"))
        #expect(coins100.grant == ["coins": 100])
        #expect(coins100.serverProductId == "coins_100")
        #expect(catalog.product(id: "com.storesim.coins.550")?.grant == ["coins": 550])
        #expect(catalog.product(id: "com.storesim.coins.550")?.serverProductId == "coins_550")
        #expect(catalog.product(id: "com.storesim.pro")?.serverProductId == "pro_unlock")

        let monthly = try #require(catalog.product(id: "com.storesim.premium.monthly"))
        #expect(monthly.period == ISODuration(months: 1))
        #expect(monthly.group == "premium")
        #expect(monthly.introductoryOffer == IntroductoryOffer(mode: .freeTrial, period: ISODuration(weeks: 1)))

        let yearly = try #require(catalog.product(id: "com.storesim.premium.yearly"))
        #expect(yearly.period == ISODuration(years: 1))
        #expect(yearly.group == "premium")
        #expect(yearly.introductoryOffer == nil)

        let season = try #require(catalog.product(id: "com.storesim.season"))
        #expect(season.duration == ISODuration(months: 3))
        #expect(season.period == nil && season.group == nil && season.grant.isEmpty)
    }

    @Test func builtInJSONIsTheProjectFileByteForByte() throws {
        let file = try Data(contentsOf: URL(fileURLWithPath: CatalogFixture.projectCatalogPath))
        #expect(Data(BuiltInCatalog.json.utf8) == file)
    }

    @Test func builtInCatalogParsesToTheProjectCatalog() throws {
        let parsed = try CatalogParser.parse(Data(BuiltInCatalog.json.utf8), file: "built-in")
        #expect(parsed.products.count == 6)
        #expect(BuiltInCatalog.catalog() == parsed)
        #expect(BuiltInCatalog.catalog() == (try projectCatalog()))
    }

    @Test func productLookup() throws {
        let catalog = try projectCatalog()
        #expect(catalog.product(id: "com.storesim.pro")?.referenceName == "Pro Unlock")
        #expect(catalog.product(id: "com.storesim.nothing") == nil)
    }

    /// A small catalog is searched by comparing ids, a large one through an index: both find an
    /// id spelled with a combining accent as the product whose id has the accented letter, the
    /// way two `String`s compare, though their UTF-8 bytes (and counts) differ.
    @Test(arguments: [1, 13])
    func productLookupComparesIdsAsStrings(productCount: Int) throws {
        let precomposed = "com.test.caf\u{E9}"
        let decomposed = "com.test.cafe\u{301}"
        #expect(precomposed.utf8.count != decomposed.utf8.count)
        let others = (1..<productCount).map { CatalogFixture.product(.consumable, ["id": "com.test.other\($0)"]) }
        let products = [CatalogFixture.product(.consumable, ["id": precomposed, "referenceName": "Caf\u{E9}"])] + others
        let catalog = try CatalogParser.parse(Data(CatalogFixture.document(products).utf8), file: CatalogFixture.file)
        #expect(catalog.products.count == productCount)
        #expect(catalog.product(id: decomposed)?.referenceName == "Caf\u{E9}")
        #expect(catalog.type(ofProduct: decomposed) == .consumable)
        #expect(catalog.product(id: "com.test.cafe") == nil)
    }

    @Test func titlesByLocaleWithFallback() throws {
        let coins = try #require(try projectCatalog().product(id: "com.storesim.coins.100"))
        #expect(coins.title(locale: "en_US") == "100 Coins")
        #expect(coins.title(locale: "zh_CN") == "100 金币")
        #expect(coins.description(locale: "zh_CN") == "一小袋金币")
        #expect(coins.title(locale: "fr_FR") == "100 Coins")
        #expect(coins.description(locale: "fr_FR") == "A pouch of coins")

        let bare = Product(id: "x", type: .nonConsumable, referenceName: "Bare", price: 1, localizations: [
            "zh_CN": Localization(title: "裸", description: "无"),
        ])
        #expect(bare.title(locale: "zh_CN") == "裸")
        #expect(bare.title(locale: "en_US") == "Bare")
        #expect(bare.description(locale: "de_DE") == "Bare")
    }

    @Test func formattedPriceUsesTheCatalogStorefront() throws {
        let catalog = try projectCatalog()
        let coins = try #require(catalog.product(id: "com.storesim.coins.100"))
        #expect(catalog.formattedPrice(of: coins, locale: "en_US") == "$0.99")
        #expect(catalog.formattedPrice(of: coins, locale: "zh_CN") == "US$0.99")
    }

    @Test func projectFileIsPrettyPrintedWithTwoSpaces() throws {
        let text = String(decoding: try Data(contentsOf: URL(fileURLWithPath: CatalogFixture.projectCatalogPath)), as: UTF8.self)
        let lines = text.split(separator: "\n")
        #expect(lines.first == "{")
        #expect(lines.dropFirst().first == "  \"storefront\": \"USA\",")
        #expect(lines.allSatisfy { !$0.contains("\t") && $0.prefix { $0 == " " }.count % 2 == 0 })
        #expect(text.hasSuffix("}\n"))
    }
}
