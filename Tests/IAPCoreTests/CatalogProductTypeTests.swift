import Foundation
import Testing
@testable import IAPCore

@Suite("Catalog products: the fields each type has")
struct CatalogProductTypeTests {
    private typealias Fixture = CatalogFixture

    @Test func grantIsRequiredForConsumables() {
        expectProductError(Fixture.product(.consumable, ["grant": NSNull()]), at: ".grant", problem: "missing required key")
        expectProductError(Fixture.product(.consumable, ["grant": [String: Int]()]), at: ".grant", problem: "must grant at least one currency")
        expectProductError(Fixture.product(.consumable, ["grant": ["coins", 10]]), at: ".grant", problem: "expected an object, found an array")
    }

    @Test func grantAmountsArePositiveWholeNumbers() {
        let valid = Fixture.document([Fixture.product(.consumable, ["grant": ["coins": 10]])])
        for amount in ["0", "-1", "1.5", "1e3", "10.0", "1000000001", "12345678901234567890"] {
            expectCatalogError(
                valid.replacingOccurrences(of: "\"coins\":10", with: "\"coins\":\(amount)"),
                path: "$.products[0].grant.coins", problem: "must be a whole number from 1 to 1000000000"
            )
        }
        expectProductError(Fixture.product(.consumable, ["grant": ["coins": "100"]]), at: ".grant.coins", problem: "expected a number, found a string")
        expectProductError(Fixture.product(.consumable, ["grant": ["coins": true]]), at: ".grant.coins", problem: "expected a number, found a boolean")
        expectProductError(Fixture.product(.consumable, ["grant": ["gold coins": 1]]), at: ".grant[\"gold coins\"]", problem: "a currency name must be non-empty, without whitespace")
    }

    @Test func grantsSeveralCurrencies() throws {
        let product = Fixture.product(.consumable, ["grant": ["coins": 100, "gems": 1_000_000_000]])
        let catalog = try CatalogParser.parse(Data(Fixture.document([product]).utf8), file: Fixture.file)
        #expect(catalog.products.first?.grant == ["coins": 100, "gems": 1_000_000_000])
    }

    @Test(arguments: [ProductType.nonConsumable, .autoRenewable, .nonRenewing])
    func grantIsOnlyForConsumables(type: ProductType) {
        expectProductError(Fixture.product(type, ["grant": ["coins": 1]]), at: ".grant", problem: "grant is only for consumables")
    }

    @Test func autoRenewableNeedsPeriodAndGroup() {
        expectProductError(Fixture.product(.autoRenewable, ["period": NSNull()]), at: ".period", problem: "missing required key")
        expectProductError(Fixture.product(.autoRenewable, ["period": "P1X"]), at: ".period", problem: "\"P1X\" is not an ISO 8601 duration")
        expectProductError(Fixture.product(.autoRenewable, ["period": "PT1H"]), at: ".period", problem: "is not an ISO 8601 duration")
        expectProductError(Fixture.product(.autoRenewable, ["period": 30]), at: ".period", problem: "expected a string, found a number")
        expectProductError(Fixture.product(.autoRenewable, ["group": NSNull()]), at: ".group", problem: "missing required key")
        expectProductError(Fixture.product(.autoRenewable, ["group": ""]), at: ".group", problem: "must not be empty")
    }

    @Test func introductoryOffer() throws {
        let offer = { (value: Any) in Fixture.product(.autoRenewable, ["introductoryOffer": value]) }
        expectProductError(offer("freeTrial"), at: ".introductoryOffer", problem: "expected an object, found a string")
        expectProductError(offer(["mode": "discount", "period": "P1W"]), at: ".introductoryOffer.mode", problem: "unknown mode \"discount\" (expected freeTrial, payAsYouGo, payUpFront)")
        expectProductError(offer(["period": "P1W"]), at: ".introductoryOffer.mode", problem: "missing required key")
        expectProductError(offer(["mode": "freeTrial"]), at: ".introductoryOffer.period", problem: "missing required key")
        expectProductError(offer(["mode": "freeTrial", "period": "P"]), at: ".introductoryOffer.period", problem: "is not an ISO 8601 duration")
        expectProductError(offer(["mode": "freeTrial", "period": "P1W", "price": "0"]), at: ".introductoryOffer.price", problem: "a freeTrial offer has no price")
        expectProductError(offer(["mode": "freeTrial", "period": "P1W", "periods": 2]), at: ".introductoryOffer.periods", problem: "a freeTrial offer has no periods")
        expectProductError(offer(["mode": "freeTrial", "period": "P1W", "discount": 1]), at: ".introductoryOffer.discount", problem: "unknown key")
        let catalog = try CatalogParser.parse(Data(Fixture.document([offer(["mode": "freeTrial", "period": "P3D"])]).utf8), file: Fixture.file)
        #expect(catalog.products.first?.introductoryOffer == IntroductoryOffer(mode: .freeTrial, period: ISODuration(days: 3)))
    }

    /// docs/reference/catalogs.md: "`introductoryOffer`: … `payAsYouGo` (`period`, `price`,
    /// `periods`) or `payUpFront` (`period`, `price`)".
    @Test func paidIntroductoryOffers() throws {
        let offer = { (value: Any) in Fixture.product(.autoRenewable, ["introductoryOffer": value]) }
        let catalog = try CatalogParser.parse(Data(Fixture.document([
            offer(["mode": "payAsYouGo", "period": "P1M", "price": "0.99", "periods": 3]),
            Fixture.product(.autoRenewable, ["id": "com.test.upfront", "introductoryOffer": ["mode": "payUpFront", "period": "P3M", "price": "1.99"]]),
        ]).utf8), file: Fixture.file)
        #expect(catalog.products[0].introductoryOffer == IntroductoryOffer(mode: .payAsYouGo, period: ISODuration(months: 1), price: Decimal(string: "0.99"), periods: 3))
        #expect(catalog.products[1].introductoryOffer == IntroductoryOffer(mode: .payUpFront, period: ISODuration(months: 3), price: Decimal(string: "1.99")))
        expectProductError(offer(["mode": "payAsYouGo", "period": "P1M", "periods": 3]), at: ".introductoryOffer.price", problem: "missing required key")
        expectProductError(offer(["mode": "payAsYouGo", "period": "P1M", "price": "0.99"]), at: ".introductoryOffer.periods", problem: "missing required key")
        expectProductError(offer(["mode": "payAsYouGo", "period": "P1M", "price": "0.99", "periods": 0]), at: ".introductoryOffer.periods", problem: "must be a whole number from 1 to 1000")
        expectProductError(offer(["mode": "payUpFront", "period": "P3M"]), at: ".introductoryOffer.price", problem: "missing required key")
        expectProductError(offer(["mode": "payUpFront", "period": "P3M", "price": "1.999"]), at: ".introductoryOffer.price", problem: "USD prices have at most 2 decimals")
        expectProductError(offer(["mode": "payUpFront", "period": "P3M", "price": "1.99", "periods": 2]), at: ".introductoryOffer.periods", problem: "a payUpFront offer is paid once for its whole period")
    }

    /// docs/reference/catalogs.md: "`level`: optional, `autoRenewable`: the service level within
    /// its group, 1 the highest (Xcode's `groupNumber`)"; `familyShareable` is an optional boolean.
    @Test func levelAndFamilySharing() throws {
        let catalog = try CatalogParser.parse(Data(Fixture.document([
            Fixture.product(.autoRenewable, ["level": 2, "familyShareable": true]),
            Fixture.product(.nonConsumable, ["familyShareable": false]),
            Fixture.product(.consumable),
        ]).utf8), file: Fixture.file)
        #expect(catalog.products.map(\.level) == [2, nil, nil])
        #expect(catalog.products.map(\.familyShareable) == [true, false, nil])
        expectProductError(Fixture.product(.autoRenewable, ["level": 0]), at: ".level", problem: "must be a whole number from 1 to 1000")
        expectProductError(Fixture.product(.autoRenewable, ["level": "1"]), at: ".level", problem: "expected a number, found a string")
        expectProductError(Fixture.product(.nonConsumable, ["level": 1]), at: ".level", problem: "level is only for autoRenewable products")
        expectProductError(Fixture.product(.consumable, ["familyShareable": "yes"]), at: ".familyShareable", problem: "expected true or false, found a string")
    }

    @Test(arguments: [ProductType.consumable, .nonConsumable, .nonRenewing])
    func subscriptionKeysAreOnlyForAutoRenewable(type: ProductType) {
        expectProductError(Fixture.product(type, ["period": "P1M"]), at: ".period", problem: "period is only for autoRenewable products")
        expectProductError(Fixture.product(type, ["group": "premium"]), at: ".group", problem: "group is only for autoRenewable products")
        expectProductError(Fixture.product(type, ["introductoryOffer": ["mode": "freeTrial", "period": "P1W"]]), at: ".introductoryOffer", problem: "introductoryOffer is only for autoRenewable products")
    }

    @Test func nonRenewingNeedsDuration() {
        expectProductError(Fixture.product(.nonRenewing, ["duration": NSNull()]), at: ".duration", problem: "missing required key")
        expectProductError(Fixture.product(.nonRenewing, ["duration": "P0M"]), at: ".duration", problem: "\"P0M\" is zero; a duration must be at least one day")
        expectProductError(Fixture.product(.nonRenewing, ["duration": "P3"]), at: ".duration", problem: "\"P3\" is not an ISO 8601 duration")
    }

    @Test(arguments: [ProductType.consumable, .nonConsumable, .autoRenewable])
    func durationIsOnlyForNonRenewing(type: ProductType) {
        expectProductError(Fixture.product(type, ["duration": "P3M"]), at: ".duration", problem: "duration is only for nonRenewing products")
    }
}
