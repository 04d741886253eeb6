import Foundation
import IAPCore
import PlayEngine
import Testing

@Suite("Google Play's Developer API answers")
struct PlayDeveloperAPITests {
    private let world: PlayWorld

    init() throws {
        world = try PlayWorld()
    }

    private var play: PlayStore { world.play }

    private static let order = PlayOrderID(number: 12_345_678_901_234_567)

    @Test func aPurchaseWithoutAnAccountIdLeavesTheMemberOut() throws {
        let purchase = try world.buy(PlayWorld.coins)
        #expect(try play.productPurchase(token: purchase.purchaseToken).jsonText == """
            {"kind":"androidpublisher#productPurchase","purchaseTimeMillis":"\(SimulatedTime.millis(SimulatedTime.epoch))",\
            "purchaseState":0,"consumptionState":0,"orderId":"\(purchase.orderId)","acknowledgementState":0,\
            "purchaseToken":"\(purchase.purchaseToken)","productId":"com.storesim.coins.100","quantity":1}
            """)
    }

    @Test func theDeveloperAPINumbersPurchaseStatesOtherwiseThanTheBillingLibrary() throws {
        // Google, Developer API: "0. Purchased 1. Canceled 2. Pending"; Billing Library:
        // "PURCHASED = 1", "PENDING = 2".
        let purchased = try world.buy(PlayWorld.pro)
        let pending = try world.buy(PlayWorld.coins, mode: .pending)
        #expect(purchased.purchaseState.rawValue == 1)
        #expect(try play.productPurchase(token: purchased.purchaseToken).purchaseState.rawValue == 0)
        #expect(pending.purchaseState.rawValue == 2)
        #expect(try play.productPurchase(token: pending.purchaseToken).purchaseState.rawValue == 2)
        _ = try play.declinePending(token: pending.purchaseToken, now: PlayWorld.at())
        #expect(try play.productPurchase(token: pending.purchaseToken).purchaseState == .canceled)
        #expect(try play.productPurchase(token: pending.purchaseToken).purchaseState.rawValue == 1)
    }

    @Test func aDeveloperRefundVoidsThePurchaseAndTheVoidedListShowsIt() throws {
        // Google voids on "Developer cancels or refunds order" (with revoke).
        let purchase = try world.buy(PlayWorld.pro, at: PlayWorld.at(hours: 0))
        let record = try play.refund(orderNumber: purchase.orderId, source: .developer, reason: .friendlyFraud, now: PlayWorld.at(hours: 3))
        #expect(record.voidedSource == .developer)
        #expect(try play.queryPurchases(account: "demo", now: PlayWorld.at()).isEmpty)
        let listed = try play.voidedPurchases(since: nil, until: nil, now: PlayWorld.at(hours: 4))
        #expect(listed == [VoidedPurchase(purchaseToken: purchase.purchaseToken, purchaseTimeMillis: purchase.purchaseTimeMillis,
                                          voidedTimeMillis: SimulatedTime.millis(PlayWorld.at(hours: 3)), orderId: purchase.orderId,
                                          voidedSource: .developer, voidedReason: .friendlyFraud)])
    }

    @Test func aRefundIsRefusedTwiceForAnUnpaidPurchaseAndForAnUnknownOrder() throws {
        let purchase = try world.buy(PlayWorld.pro)
        let pending = try world.buy(PlayWorld.coins, mode: .pending)
        try play.refund(orderNumber: purchase.orderId, source: .developer, reason: .other, now: PlayWorld.at())
        #expect(throws: PlayError.refused(.voidedAlready(purchase.orderId))) {
            try play.refund(orderNumber: purchase.orderId, source: .developer, reason: .other, now: PlayWorld.at())
        }
        #expect(throws: PlayError.refused(.notPaid(pending.orderId))) {
            try play.refund(orderNumber: pending.orderId, source: .developer, reason: .other, now: PlayWorld.at())
        }
        let unknown = try #require(Self.order)
        #expect(throws: PlayError.refused(.orderNotFound(unknown))) {
            try play.refund(orderNumber: unknown, source: .developer, reason: .other, now: PlayWorld.at())
        }
    }

    @Test func aConsumedPurchaseCanBeRefunded() throws {
        let purchase = try world.buy(PlayWorld.coins)
        try play.consume(token: purchase.purchaseToken, by: .app, now: PlayWorld.at())
        #expect(try play.refund(orderNumber: purchase.orderId, source: .user, reason: .remorse, now: PlayWorld.at()).isVoided)
    }

    @Test func theVoidedListLooksBackThirtyDaysAndNoFurther() throws {
        // Google, startTime: "The value of this parameter cannot be older than 30 days … Default
        // value is current time minus 30 days."
        let purchase = try world.buy(PlayWorld.pro, at: PlayWorld.at(hours: 0))
        _ = try play.refundDue(at: PlayWorld.at(hours: 72))
        let thirtyDaysOn = PlayWorld.at(hours: 72 + 30 * 24)
        #expect(try play.voidedPurchases(since: nil, until: nil, now: thirtyDaysOn).map(\.orderId) == [purchase.orderId])
        #expect(try play.voidedPurchases(since: PlayWorld.at(hours: 72), until: nil, now: thirtyDaysOn).count == 1,
                "exactly thirty days back is allowed")
        let aMomentLater = PlayWorld.at(hours: 72 + 30 * 24, millis: 1)
        #expect(try play.voidedPurchases(since: nil, until: nil, now: aMomentLater).isEmpty)
        #expect(throws: PlayError.refused(.startTimeTooOld(startMillis: SimulatedTime.millis(PlayWorld.at(hours: 72)),
                                                           oldestMillis: SimulatedTime.millis(aMomentLater) - PlayStore.voidedWindowMillis))) {
            try play.voidedPurchases(since: PlayWorld.at(hours: 72), until: nil, now: aMomentLater)
        }
    }

    @Test func theVoidedListEndsAtItsEndTimeAndListsByWhenVoided() throws {
        let first = try world.buy(PlayWorld.pro, at: PlayWorld.at(hours: 0))
        let second = try world.buy(PlayWorld.coins, at: PlayWorld.at(hours: 0))
        try play.refund(orderNumber: second.orderId, source: .user, reason: .remorse, now: PlayWorld.at(hours: 1))
        try play.refund(orderNumber: first.orderId, source: .user, reason: .chargeback, now: PlayWorld.at(hours: 2))
        let now = PlayWorld.at(hours: 3)
        #expect(try play.voidedPurchases(since: nil, until: nil, now: now).map(\.orderId) == [second.orderId, first.orderId])
        #expect(try play.voidedPurchases(since: nil, until: PlayWorld.at(hours: 1), now: now).map(\.orderId) == [second.orderId])
        #expect(try play.voidedPurchases(since: PlayWorld.at(hours: 2), until: nil, now: now).map(\.voidedReason) == [.chargeback])
    }
}
