import Foundation
import IAPCore
import PlayEngine
import Testing

@Suite("Acknowledging and consuming on Google Play")
struct PlayAcknowledgementTests {
    private let world: PlayWorld

    init() throws {
        world = try PlayWorld()
    }

    private var play: PlayStore { world.play }

    @Test(arguments: PlayCaller.allCases)
    func acknowledgingMarksThePurchaseAcknowledgedByItsCaller(caller: PlayCaller) throws {
        let purchase = try world.buy(PlayWorld.pro)
        let record = try play.acknowledge(token: purchase.purchaseToken, by: caller, now: PlayWorld.at(hours: 2))
        #expect(record.acknowledgedMillis == SimulatedTime.millis(PlayWorld.at(hours: 2)))
        #expect(record.acknowledgedBy == caller)
        #expect(record.isConsumed == false)
        #expect(try play.productPurchase(token: purchase.purchaseToken).acknowledgementState == .acknowledged)
        #expect(try play.queryPurchases(account: "demo", now: PlayWorld.at()).map(\.isAcknowledged) == [true])
    }

    @Test func acknowledgingTwiceIsRefusedAsGoogleAnswersIt() throws {
        let purchase = try world.buy(PlayWorld.pro)
        try play.acknowledge(token: purchase.purchaseToken, by: .app, now: PlayWorld.at())
        #expect(throws: PlayError.refused(.acknowledgedAlready(purchase.orderId))) {
            try play.acknowledge(token: purchase.purchaseToken, by: .server, now: PlayWorld.at(hours: 1))
        }
        let refusal = PlayRefusal.acknowledgedAlready(purchase.orderId)
        #expect(refusal.billingResult.responseCode == .developerError)
        #expect(refusal.developerAPIError.status == 400)
        #expect(refusal.developerAPIError.reason == "invalidPurchaseState")
        #expect(refusal.developerAPIError.message == "The purchase is not in a valid state to perform the desired operation.")
        #expect(try world.record(purchase.purchaseToken)?.acknowledgedBy == .app, "the refusal changed nothing")
    }

    @Test func aPendingPurchaseCannotBeAcknowledgedOrConsumed() throws {
        // Google: "You should acknowledge a purchase only when the state is PURCHASED, i.e. Don't
        // acknowledge it while a purchase is in PENDING state."
        let pending = try world.buy(PlayWorld.coins, mode: .pending)
        #expect(throws: PlayError.refused(.stillPending(pending.orderId))) {
            try play.acknowledge(token: pending.purchaseToken, by: .app, now: PlayWorld.at())
        }
        #expect(throws: PlayError.refused(.notOwned(pending.orderId))) {
            try play.consume(token: pending.purchaseToken, by: .app, now: PlayWorld.at())
        }
        #expect(try world.record(pending.purchaseToken)?.isAcknowledged == false)
    }

    @Test(arguments: PlayCaller.allCases)
    func consumingCountsAsAcknowledging(caller: PlayCaller) throws {
        // Google: "Both methods fulfill the acknowledgement requirement and indicate that your app
        // has granted entitlement to the user."
        let purchase = try world.buy(PlayWorld.coins)
        let record = try play.consume(token: purchase.purchaseToken, by: caller, now: PlayWorld.at(hours: 1))
        #expect(record.isConsumed)
        #expect(record.consumedBy == caller)
        #expect(record.acknowledgedMillis == SimulatedTime.millis(PlayWorld.at(hours: 1)))
        #expect(record.acknowledgedBy == caller)
        let answer = try play.productPurchase(token: purchase.purchaseToken)
        #expect(answer.consumptionState == .consumed)
        #expect(answer.acknowledgementState == .acknowledged)
        #expect(try play.nextDue(after: 0) == nil)
        #expect(try play.refundDue(at: PlayWorld.at(hours: 100)).isEmpty, "never refunded for want of an acknowledgement")
    }

    @Test func consumingAfterAcknowledgingKeepsTheFirstAcknowledgement() throws {
        let purchase = try world.buy(PlayWorld.coins)
        try play.acknowledge(token: purchase.purchaseToken, by: .server, now: PlayWorld.at(hours: 1))
        let record = try play.consume(token: purchase.purchaseToken, by: .app, now: PlayWorld.at(hours: 2))
        #expect(record.acknowledgedBy == .server)
        #expect(record.acknowledgedMillis == SimulatedTime.millis(PlayWorld.at(hours: 1)))
        #expect(record.consumedBy == .app)
    }

    @Test func consumingAConsumedPurchaseIsItemNotOwned() throws {
        // Google, onConsumeResponse: "ITEM_NOT_OWNED if the user does not currently own the item."
        let purchase = try world.buy(PlayWorld.coins)
        try play.consume(token: purchase.purchaseToken, by: .app, now: PlayWorld.at())
        #expect(throws: PlayError.refused(.notOwned(purchase.orderId))) {
            try play.consume(token: purchase.purchaseToken, by: .server, now: PlayWorld.at(hours: 1))
        }
        #expect(throws: PlayError.refused(.notOwned(purchase.orderId))) {
            try play.acknowledge(token: purchase.purchaseToken, by: .app, now: PlayWorld.at(hours: 1))
        }
        let refusal = PlayRefusal.notOwned(purchase.orderId)
        #expect(refusal.billingResult.responseCode == .itemNotOwned)
        #expect(refusal.billingResult.responseCode.rawValue == 8)
        #expect(refusal.developerAPIError.reason == "productNotOwnedByUser")
        #expect(try world.record(purchase.purchaseToken)?.consumedBy == .app)
    }

    @Test func consumingAVoidedPurchaseIsItemNotOwned() throws {
        let purchase = try world.buy(PlayWorld.coins)
        try play.refund(orderNumber: purchase.orderId, source: .user, reason: .accidentalPurchase, now: PlayWorld.at())
        #expect(throws: PlayError.refused(.notOwned(purchase.orderId))) {
            try play.consume(token: purchase.purchaseToken, by: .app, now: PlayWorld.at(hours: 1))
        }
        #expect(throws: PlayError.refused(.notOwned(purchase.orderId))) {
            try play.acknowledge(token: purchase.purchaseToken, by: .server, now: PlayWorld.at(hours: 1))
        }
    }

    @Test func anUnknownTokenIsRefusedBothWays() {
        #expect(throws: PlayError.refused(.tokenNotFound("nope"))) { try play.acknowledge(token: "nope", by: .app, now: PlayWorld.at()) }
        #expect(throws: PlayError.refused(.tokenNotFound("nope"))) { try play.consume(token: "nope", by: .server, now: PlayWorld.at()) }
        #expect(throws: PlayError.refused(.tokenNotFound("nope"))) { try play.productPurchase(token: "nope") }
        #expect(PlayRefusal.tokenNotFound("nope").billingResult.responseCode == .developerError)
        #expect(PlayRefusal.tokenNotFound("nope").developerAPIError.status == 400)
    }

    @Test func aRefusalIsWrittenAsGoogleAnswersIt() throws {
        #expect(PlayRefusal.notOwned(try #require(PlayOrderID(number: 12_345_678_901_234_567))).developerAPIError.jsonText == """
            {"error":{"code":400,"message":"The product purchase is not owned by the user.","errors":[{"message":\
            "The product purchase is not owned by the user.","domain":"androidpublisher","reason":"productNotOwnedByUser"}],"status":"INVALID_ARGUMENT"}}
            """)
    }
}
