import Foundation
import IAPCore
import PlayEngine
import Testing

@Suite("Google Play's Billing Library calls")
struct PlayBillingTests {
    private let world: PlayWorld

    init() throws {
        world = try PlayWorld()
    }

    private var play: PlayStore { world.play }

    @Test func aConfirmedFlowEndsOKWithOnePurchasedPurchase() throws {
        let updated = try play.launchBillingFlow(productId: PlayWorld.pro, account: "demo", obfuscatedAccountId: "a3f9",
                                                 mode: .confirm, now: PlayWorld.at(hours: 1))
        #expect(updated.billingResult == BillingResult(.ok))
        let purchase = try #require(updated.purchases.first)
        #expect(updated.purchases.count == 1)
        #expect(purchase.productId == PlayWorld.pro)
        #expect(purchase.purchaseState == .purchased)
        #expect(purchase.purchaseState.rawValue == 1, "Google: \"PURCHASED = 1 Purchase is completed.\"")
        #expect(purchase.isAcknowledged == false)
        #expect(purchase.obfuscatedAccountId == "a3f9")
        #expect(purchase.purchaseTimeMillis == SimulatedTime.millis(PlayWorld.at(hours: 1)))
    }

    @Test func aCanceledFlowEndsUserCanceledAndMakesNoPurchase() throws {
        let updated = try play.launchBillingFlow(productId: PlayWorld.pro, account: "demo", obfuscatedAccountId: nil,
                                                 mode: .cancel, now: PlayWorld.at())
        #expect(updated.billingResult.responseCode == .userCanceled)
        #expect(updated.billingResult.responseCode.name == "USER_CANCELED")
        #expect(updated.purchases.isEmpty)
        #expect(try play.records().isEmpty)
    }

    @Test func aNonConsumableCannotBeBoughtTwiceUntilItIsVoided() throws {
        // Google: ITEM_ALREADY_OWNED, "The purchase failed because the item is already owned."
        let first = try world.buy(PlayWorld.pro)
        try play.acknowledge(token: first.purchaseToken, by: .app, now: PlayWorld.at())
        let again = try play.launchBillingFlow(productId: PlayWorld.pro, account: "demo", obfuscatedAccountId: nil,
                                               mode: .confirm, now: PlayWorld.at(hours: 1))
        #expect(again.billingResult.responseCode == .itemAlreadyOwned)
        #expect(again.billingResult.responseCode.rawValue == 7)
        #expect(again.purchases.isEmpty)
        #expect(try play.records().count == 1)
        try play.refund(orderNumber: first.orderId, source: .developer, reason: .remorse, now: PlayWorld.at(hours: 2))
        #expect(try world.buy(PlayWorld.pro, at: PlayWorld.at(hours: 3)).purchaseState == .purchased)
    }

    @Test func anotherAccountIsNotBlockedByWhatOneOwns() throws {
        try world.buy(PlayWorld.pro, account: "demo")
        #expect(try world.buy(PlayWorld.pro, account: "other").purchaseState == .purchased)
    }

    @Test func aConsumableUnconsumedIsOwnedAndAConsumedOneCanBeBoughtAgain() throws {
        // Google: "the consumeAsync() method … also enables your app to make the one-time
        // product available for purchase again."
        let first = try world.buy(PlayWorld.coins)
        let blocked = try play.launchBillingFlow(productId: PlayWorld.coins, account: "demo", obfuscatedAccountId: nil,
                                                 mode: .confirm, now: PlayWorld.at())
        #expect(blocked.billingResult.responseCode == .itemAlreadyOwned)
        try play.consume(token: first.purchaseToken, by: .app, now: PlayWorld.at())
        let second = try world.buy(PlayWorld.coins, at: PlayWorld.at(hours: 1))
        #expect(second.orderId != first.orderId)
        #expect(second.purchaseToken != first.purchaseToken)
    }

    @Test func queryPurchasesReturnsOnlyNonConsumedUnvoidedPurchases() throws {
        // Google: "Only active subscriptions and non-consumed one-time purchases are returned."
        let coins = try world.buy(PlayWorld.coins)
        let pro = try world.buy(PlayWorld.pro)
        let gems = try world.buy("com.storesim.gems")
        try play.acknowledge(token: pro.purchaseToken, by: .app, now: PlayWorld.at())
        #expect(try play.queryPurchases(account: "demo", now: PlayWorld.at()).map(\.orderId) == [coins.orderId, pro.orderId, gems.orderId])
        try play.consume(token: coins.purchaseToken, by: .app, now: PlayWorld.at())
        try play.refund(orderNumber: gems.orderId, source: .developer, reason: .other, now: PlayWorld.at())
        let left = try play.queryPurchases(account: "demo", now: PlayWorld.at())
        #expect(left.map(\.orderId) == [pro.orderId])
        #expect(left.first?.isAcknowledged == true, "an acknowledged non-consumable is still returned")
        #expect(try play.queryPurchases(account: "other", now: PlayWorld.at()).isEmpty)
    }

    @Test func aPendingPaymentIsReturnedPendingAndBlocksBuyingAgain() throws {
        // Google: "PENDING = 2 Purchase is pending and not yet completed to be processed by your app."
        let pending = try world.buy(PlayWorld.pro, mode: .pending)
        #expect(pending.purchaseState == .pending)
        #expect(pending.purchaseState.rawValue == 2)
        #expect(try play.queryPurchases(account: "demo", now: PlayWorld.at()).map(\.purchaseState) == [.pending])
        let again = try play.launchBillingFlow(productId: PlayWorld.pro, account: "demo", obfuscatedAccountId: nil,
                                               mode: .confirm, now: PlayWorld.at())
        #expect(again.billingResult.responseCode == .itemAlreadyOwned)
    }

    @Test func anApprovedPendingPaymentIsPurchasedFromTheMomentItCompletes() throws {
        let pending = try world.buy(PlayWorld.pro, mode: .pending, at: PlayWorld.at(hours: 0))
        let approved = try play.approvePending(token: pending.purchaseToken, now: PlayWorld.at(hours: 5))
        #expect(approved.purchaseState == .purchased)
        #expect(approved.orderId == pending.orderId)
        let record = try #require(try world.record(pending.purchaseToken))
        #expect(record.purchasedMillis == SimulatedTime.millis(PlayWorld.at(hours: 5)))
        #expect(throws: PlayError.refused(.notPending(pending.orderId))) {
            try play.approvePending(token: pending.purchaseToken, now: PlayWorld.at(hours: 6))
        }
    }

    @Test func aDeclinedPendingPaymentIsCanceledNeverReturnedAndFreesTheProduct() throws {
        let pending = try world.buy(PlayWorld.pro, mode: .pending)
        let canceled = try play.declinePending(token: pending.purchaseToken, now: PlayWorld.at())
        #expect(canceled.state == .canceled)
        #expect(canceled.billingPurchase == nil)
        #expect(try play.queryPurchases(account: "demo", now: PlayWorld.at()).isEmpty)
        #expect(try play.productPurchase(token: pending.purchaseToken).purchaseState == .canceled)
        #expect(try world.buy(PlayWorld.pro).purchaseState == .purchased)
        #expect(throws: PlayError.refused(.notPending(pending.orderId))) { try play.declinePending(token: pending.purchaseToken, now: PlayWorld.at()) }
    }

    @Test func resolvingAnUnknownTokenIsRefused() {
        #expect(throws: PlayError.refused(.tokenNotFound("nope"))) { try play.approvePending(token: "nope", now: PlayWorld.at()) }
        #expect(throws: PlayError.refused(.tokenNotFound("nope"))) { try play.declinePending(token: "nope", now: PlayWorld.at()) }
    }
}
