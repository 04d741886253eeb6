import Foundation
import Testing
@testable import IAPCore

/// The arrays of offers a subscription may have in `catalog.json`: `promotionalOffers`,
/// `offerCodes` and `winBackOffers`, each entry an `id` with the terms an introductory offer
/// has (and, for a code, its `code` and whether it is `oneTime`); every error names its path.
@Suite("Catalog offers: promotional offers, offer codes, win-back offers")
struct CatalogOfferTests {
    private typealias Fixture = CatalogFixture

    private func offers(_ key: String, _ entries: Any) -> [String: Any] {
        Fixture.product(.autoRenewable, [key: entries])
    }

    @Test func eachListIsReadWithItsTerms() throws {
        let product = Fixture.product(.autoRenewable, [
            "promotionalOffers": [["id": "comeback", "mode": "payAsYouGo", "period": "P1M", "price": "0.99", "periods": 2]],
            "offerCodes": [["id": "spring", "code": "SPRING-26", "mode": "freeTrial", "period": "P1M", "oneTime": true],
                           ["id": "SUMMER", "mode": "payUpFront", "period": "P3M", "price": "4.99"]],
            "winBackOffers": [["id": "winback", "mode": "freeTrial", "period": "P1W"]],
        ])
        let catalog = try CatalogParser.parse(Data(Fixture.document([product]).utf8), file: Fixture.file)
        #expect(catalog.products.first?.offers == [
            SubscriptionOffer(type: .promotional, id: "comeback",
                              terms: IntroductoryOffer(mode: .payAsYouGo, period: ISODuration(months: 1), price: Decimal(string: "0.99"), periods: 2)),
            SubscriptionOffer(type: .code, id: "spring", code: "SPRING-26", oneTime: true,
                              terms: IntroductoryOffer(mode: .freeTrial, period: ISODuration(months: 1))),
            SubscriptionOffer(type: .code, id: "SUMMER", code: "SUMMER",
                              terms: IntroductoryOffer(mode: .payUpFront, period: ISODuration(months: 3), price: Decimal(string: "4.99"))),
            SubscriptionOffer(type: .winBack, id: "winback", terms: IntroductoryOffer(mode: .freeTrial, period: ISODuration(weeks: 1))),
        ])
    }

    @Test func badEntriesAreRefusedAtTheirPath() {
        let term = ["mode": "freeTrial", "period": "P1W"]
        expectProductError(offers("promotionalOffers", term), at: ".promotionalOffers", problem: "expected an array, found an object")
        expectProductError(offers("promotionalOffers", [term]), at: ".promotionalOffers[0].id", problem: "missing required key")
        expectProductError(offers("offerCodes", [Any]()), at: ".offerCodes", problem: "lists no offer: leave offerCodes out when the product has none")
        expectProductError(offers("winBackOffers", [term.merging(["id": "a b"]) { $1 }]), at: ".winBackOffers[0].id", problem: "must not contain whitespace")
        expectProductError(offers("promotionalOffers", [term.merging(["id": "x", "code": "X"]) { $1 }]), at: ".promotionalOffers[0].code", problem: "unknown key")
        expectProductError(offers("offerCodes", [term.merging(["id": "x", "mode": "half"]) { $1 }]), at: ".offerCodes[0].mode",
                           problem: "unknown mode \"half\" (expected freeTrial, payAsYouGo, payUpFront)")
        expectProductError(offers("winBackOffers", [term.merging(["id": "x", "price": "1.00"]) { $1 }]), at: ".winBackOffers[0].price",
                           problem: "a freeTrial offer has no price")
        expectProductError(offers("promotionalOffers", [["id": "x", "mode": "payAsYouGo", "period": "P1M", "price": "0.99"]]),
                           at: ".promotionalOffers[0].periods", problem: "missing required key")
        expectProductError(offers("offerCodes", [term.merging(["id": "x", "oneTime": "yes"]) { $1 }]), at: ".offerCodes[0].oneTime",
                           problem: "expected true or false, found a string")
    }

    @Test func idsAndCodesDoNotRepeat() {
        let term = ["mode": "freeTrial", "period": "P1W"]
        expectProductError(offers("promotionalOffers", [term.merging(["id": "a"]) { $1 }, term.merging(["id": "a"]) { $1 }]),
                           at: ".promotionalOffers[1].id", problem: "duplicate offer id \"a\" in $.products[0].promotionalOffers")
        expectProductError(offers("offerCodes", [term.merging(["id": "a", "code": "SPRING"]) { $1 }, term.merging(["id": "b", "code": "spring"]) { $1 }]),
                           at: ".offerCodes[1].code",
                           problem: "duplicate code \"spring\" in $.products[0].offerCodes (codes match whatever their case)")
    }

    @Test(arguments: [ProductType.consumable, .nonConsumable, .nonRenewing])
    func offersAreOnlyForAutoRenewables(type: ProductType) {
        for key in ["promotionalOffers", "offerCodes", "winBackOffers"] {
            expectProductError(Fixture.product(type, [key: []]), at: ".\(key)", problem: "\(key) is only for autoRenewable products")
        }
    }

    /// `catalog convert` keeps the offers both ways; what Xcode cannot hold (a code of its own, a
    /// one-time use code) is said, not silently lost.
    @Test func offersConvertToXcodeAndBack() throws {
        let product = Fixture.product(.autoRenewable, [
            "promotionalOffers": [["id": "comeback", "mode": "payUpFront", "period": "P2M", "price": "1.99"]],
            "offerCodes": [["id": "spring", "code": "SPRING-26", "mode": "freeTrial", "period": "P1M", "oneTime": true]],
        ])
        let reading = try CatalogParser.read(Data(Fixture.document([product]).utf8), file: Fixture.file)
        let storeKit = try CatalogWriter.storeKit(reading.catalog, file: "test.json")
        #expect(storeKit.notes.map(\.text) == [
            "offer code spring: Xcode's codeOffers hold no code of their own and no one-time use: written as the code spring, redeemable once per account",
        ])
        let back = try CatalogParser.read(Data(storeKit.text.utf8), file: "converted.storekit").catalog
        #expect(back.products.first?.offers == [
            reading.catalog.products[0].offers[0],
            SubscriptionOffer(type: .code, id: "spring", code: "spring", terms: IntroductoryOffer(mode: .freeTrial, period: ISODuration(months: 1))),
        ])
    }
}
