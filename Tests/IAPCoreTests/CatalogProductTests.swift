import Foundation
import Testing
@testable import IAPCore

@Suite("Catalog products: the fields every product has")
struct CatalogProductTests {
    private typealias Fixture = CatalogFixture

    @Test func everyTypeParses() throws {
        let products = ProductType.allCases.map { Fixture.product($0) }
        let catalog = try CatalogParser.parse(Data(Fixture.document(products).utf8), file: Fixture.file)
        #expect(catalog.products.map(\.type) == ProductType.allCases)
    }

    @Test func productMustBeAnObjectWithKnownKeys() {
        expectProductError(Fixture.product(.consumable, ["colour": "red"]), at: ".colour", problem: "unknown key")
        let repeated = Fixture.document([Fixture.product()]).replacingOccurrences(of: "\"price\":\"0.99\"", with: "\"price\":\"0.99\",\"price\":\"1.99\"")
        expectCatalogError(repeated, path: "$.products[0].price", problem: "key appears more than once")
    }

    @Test func id() {
        expectProductError(Fixture.product(.consumable, ["id": NSNull()]), at: ".id", problem: "missing required key")
        expectProductError(Fixture.product(.consumable, ["id": ""]), at: ".id", problem: "must not be empty")
        expectProductError(Fixture.product(.consumable, ["id": "com.x coins"]), at: ".id", problem: "must not contain whitespace")
        expectProductError(Fixture.product(.consumable, ["id": "com.x#coins"]), at: ".id",
                           problem: "must not contain '#': a script's comment starts there, so no script could name it")
        expectProductError(Fixture.product(.consumable, ["id": 7]), at: ".id", problem: "expected a string, found a number")
    }

    @Test func type() {
        expectProductError(Fixture.product(.consumable, ["type": NSNull()]), at: ".type", problem: "missing required key")
        expectProductError(
            Fixture.product(.consumable, ["type": "subscription"]), at: ".type",
            problem: "unknown type \"subscription\" (expected consumable, nonConsumable, autoRenewable, nonRenewing)"
        )
        expectProductError(Fixture.product(.consumable, ["type": true]), at: ".type", problem: "expected a string, found a boolean")
    }

    @Test func referenceName() {
        expectProductError(Fixture.product(.consumable, ["referenceName": NSNull()]), at: ".referenceName", problem: "missing required key")
        expectProductError(Fixture.product(.consumable, ["referenceName": "  "]), at: ".referenceName", problem: "must not be empty")
    }

    @Test func priceMustBeADecimalString() {
        expectProductError(Fixture.product(.consumable, ["price": NSNull()]), at: ".price", problem: "missing required key")
        expectProductError(Fixture.product(.consumable, ["price": 0.99]), at: ".price", problem: "expected a decimal string like \"0.99\", found a number")
        for text in ["abc", "", "1.2.3", "1e3", ".99", "1.", "01.00", "0x10", " 1", "1,99", "+1", "٣"] {
            expectProductError(Fixture.product(.consumable, ["price": text]), at: ".price", problem: "is not a decimal price like \"0.99\"")
        }
    }

    @Test func priceMustNotBeNegative() {
        expectProductError(Fixture.product(.consumable, ["price": "-0.99"]), at: ".price", problem: "must not be negative")
    }

    @Test func priceDecimalsFollowTheStorefront() throws {
        expectProductError(Fixture.product(.consumable, ["price": "0.999"]), at: ".price", problem: "USD prices have at most 2 decimals")
        let yen = Fixture.document([Fixture.product(.consumable, ["price": "120.5"])], storefront: "JPN")
        expectCatalogError(yen, path: "$.products[0].price", problem: "JPY prices are whole numbers")
        let catalog = try CatalogParser.parse(Data(Fixture.document([Fixture.product(.consumable, ["price": "120"])], storefront: "JPN").utf8), file: Fixture.file)
        #expect(catalog.products.first?.price == 120)
        #expect(catalog.formattedPrice(of: try #require(catalog.products.first), locale: "en_US") == "¥120")
    }

    @Test func priceRangeAndExactness() throws {
        expectProductError(Fixture.product(.consumable, ["price": "1000000000"]), at: ".price", problem: "too large")
        let ok = ["0", "0.5", "999999999.99", "19.90"].map { Fixture.product(.consumable, ["price": $0, "id": "p\($0)"]) }
        let catalog = try CatalogParser.parse(Data(Fixture.document(ok).utf8), file: Fixture.file)
        #expect(catalog.products.map { "\($0.price)" } == ["0", "0.5", "999999999.99", "19.9"])
        #expect(catalog.formattedPrice(of: catalog.products[3], locale: "en_US") == "$19.90")
    }

    @Test func localizations() {
        expectProductError(Fixture.product(.consumable, ["localizations": NSNull()]), at: ".localizations", problem: "missing required key")
        expectProductError(Fixture.product(.consumable, ["localizations": ["zh_CN": ["title": "标题", "description": "说明"]]]), at: ".localizations.en_US", problem: "missing required key")
        expectProductError(Fixture.product(.consumable, ["localizations": "en_US"]), at: ".localizations", problem: "expected an object, found a string")
        expectProductError(Fixture.product(.consumable, ["localizations": ["en_US": "Coins"]]), at: ".localizations.en_US", problem: "expected an object, found a string")
        expectProductError(Fixture.product(.consumable, ["localizations": ["en_US": ["title": "T"]]]), at: ".localizations.en_US.description", problem: "missing required key")
        expectProductError(Fixture.product(.consumable, ["localizations": ["en_US": ["title": "", "description": "D"]]]), at: ".localizations.en_US.title", problem: "must not be empty")
        expectProductError(Fixture.product(.consumable, ["localizations": ["en_US": ["title": "T", "description": "D", "subtitle": "S"]]]), at: ".localizations.en_US.subtitle", problem: "unknown key")
        expectProductError(Fixture.product(.consumable, ["localizations": ["en_US": ["title": "T", "description": "D"], "en-us": ["title": "T", "description": "D"]]]), at: ".localizations[\"en-us\"]", problem: "\"en-us\" is not a locale like en_US")
    }

    @Test func serverProductId() throws {
        expectProductError(Fixture.product(.consumable, ["serverProductId": ""]), at: ".serverProductId", problem: "must not be empty")
        expectProductError(Fixture.product(.consumable, ["serverProductId": 100]), at: ".serverProductId", problem: "expected a string, found a number")
        let catalog = try CatalogParser.parse(Data(Fixture.document([Fixture.product()]).utf8), file: Fixture.file)
        #expect(catalog.products.first?.serverProductId == nil)
    }
}
