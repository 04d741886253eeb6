import Foundation
import IAPCore
@testable import ReadSide
@testable import ScenarioLanguage
import Signing
import Testing
@testable import WorldCore

/// Apple, PriceIncreaseStatus.pending: "The customer hasn't yet responded to an
/// auto-renewable subscription price increase that requires customer consent." The Store asks
/// only subscribers whose subscription renews as the product, takes an answer only while one is
/// asked for, and charges the new price to every purchase and renewal from then on.
@Suite struct PriceIncreaseTests {
    let monthly = "com.storesim.premium.monthly"
    let catalog = BuiltInCatalog.catalog()

    @Test(arguments: [
        ("store price-increase com.storesim.coins.100 3.49", "com.storesim.coins.100 is not an auto-renewable subscription"),
        ("store price-increase com.storesim.premium.monthly 3.999", "bad price '3.999': USD prices have at most 2 decimals"),
        ("store price-increase com.storesim.premium.monthly 0", "bad price '0': must be above zero"),
        ("consent com.storesim.premium.monthly maybe", "expected 'yes' or 'no', found 'maybe'"),
    ])
    func aBadLineSaysWhatIsWrong(_ line: String, _ problem: String) {
        #expect {
            try ScenarioParser(catalog: catalog).parse(line, file: "bad.scenario")
        } throws: { error in
            "\(error)" == "bad.scenario: line 1: \(problem)"
        }
    }

    @Test func onlyARiseIsAPriceIncreaseAndOnlyAnAskedSubscriberAnswers() throws {
        let fixture = try WorldFixture()
        #expect(throws: WorldActionError.self) { try fixture.world.perform(.consent(productId: monthly, agrees: true)) }
        try fixture.run(.buy(productId: monthly, answer: .confirm), .storePriceIncrease(productId: monthly, price: 4))
        let told = fixture.events.count
        #expect(throws: WorldActionError.self) { try fixture.world.perform(.storePriceIncrease(productId: monthly, price: 4)) }
        #expect(fixture.events.count == told, "a refused increase is not announced: \(fixture.events.dropFirst(told).map(\.text))")
        try fixture.run(.account("family"))
        #expect(throws: WorldActionError.self, "family has no subscription that waits for an answer") {
            try fixture.world.perform(.consent(productId: monthly, agrees: true))
        }
        try fixture.run(.account("demo"), .consent(productId: monthly, agrees: false))
        #expect(try fixture.readModel.view().products.first { $0.product.id == monthly }?.priceConsent == .declined)
        #expect(throws: WorldActionError.self, "the answer is given") { try fixture.world.perform(.consent(productId: monthly, agrees: true)) }
    }

    /// A subscriber in billing retry who never answers: the subscription expires for the price
    /// increase, and the billing retry ends with it.
    @Test func anUnansweredIncreaseEndsABillingRetryToo() throws {
        let fixture = try WorldFixture()
        try fixture.run(.buy(productId: monthly, answer: .confirm), .subscriptionBilling(productId: monthly, fails: true),
                        .advance(seconds: 8 * 86400))
        #expect(try fixture.readModel.view().products.first { $0.product.id == monthly }?.billing != nil)
        try fixture.run(.storePriceIncrease(productId: monthly, price: 4), .advance(seconds: 86400))
        #expect(fixture.events.contains { $0.text == "\(monthly) expired at the end of its period: the subscriber did not answer the price increase (expiration intent 3)" })
        let row = try #require(try fixture.readModel.view().products.first { $0.product.id == monthly })
        #expect(row.billing == nil && row.priceConsent == nil)
        #expect(try fixture.audit().ok)
    }

    /// Under StoreKit 2 the signed transaction carries what was charged, in milliunits.
    @Test func aNewSubscriberPaysTheNewPriceAndTheSignedTransactionSaysSo() throws {
        let fixture = try WorldFixture()
        try fixture.run(.api(.storekit2), .storePriceIncrease(productId: "com.storesim.premium.yearly", price: 29),
                        .buy(productId: "com.storesim.premium.yearly", answer: .confirm))
        let bought = try #require(try fixture.world.store.transactions().last)
        let jws = try #require(bought.signedTransaction)
        let payload = try #require(Base64.url.decode(jws.split(separator: ".")[1]))
        let decoded = try JSONDecoder().decode(SignedTransactionPayload.self, from: Data(payload))
        #expect(decoded.price == 29000)
        #expect(fixture.events.contains { $0.text == "com.storesim.premium.yearly tx \(bought.id) charged US$29.00, its increased price" })
        #expect(try fixture.readModel.view().transactions.last?.chargedPrice == 29)
        #expect(try fixture.audit().ok)
    }
}

