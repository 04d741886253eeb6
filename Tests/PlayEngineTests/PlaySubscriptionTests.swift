import Foundation
import IAPCore
import PlayEngine
import Testing

@Suite("Google Play's subscriptions: base plans bought, held until they expire")
struct PlaySubscriptionTests {
    private let world: PlayWorld
    private static let monthly = "com.storesim.premium.monthly"
    private static let yearly = "com.storesim.premium.yearly"

    init() throws {
        world = try PlayWorld.sellingSubscriptions(notifications: false)
    }

    private var play: PlayStore { world.play }

    @Test func eachAutoRenewableProductIsABasePlanOfItsGroupsSubscription() throws {
        let plans = PlayBasePlan.plans(of: BuiltInCatalog.catalog())
        let monthly = try #require(plans[Self.monthly])
        #expect(monthly.subscriptionId == "premium")
        #expect(monthly.basePlanId == "monthly")
        #expect(monthly.billingPeriodDuration.description == "P1M")
        #expect(plans[Self.yearly]?.basePlanId == "yearly")
        #expect(plans[Self.yearly]?.billingPeriodDuration.description == "P1Y")
        #expect(plans[PlayWorld.pro] == nil, "a non-consumable stays a one-time product")
    }

    @Test func aSubscriptionIsBoughtAsSUBSAndExpiresAfterItsPeriod() throws {
        let purchase = try world.buy(Self.monthly)
        #expect(purchase.purchaseState == .purchased)
        let record = try #require(try play.records().first)
        #expect(record.productType == .subs)
        #expect(record.productType.name == "SUBS")
        #expect(record.autoRenewing)
        #expect(record.expiryMillis.map { SimulatedTime.format(millis: $0) } == "2026-02-01 00:00:00")
        #expect(record.subscriptionState(at: SimulatedTime.millis(PlayWorld.at(hours: 1))) == .active)
        #expect(try play.queryPurchases(account: "demo", now: PlayWorld.at(hours: 24 * 30)).map(\.orderId) == [purchase.orderId],
                "Google: \"Only active subscriptions and non-consumed one-time purchases are returned.\"")
        #expect(try play.queryPurchases(account: "demo", now: PlayWorld.at(hours: 24 * 31)).isEmpty, "expired: no longer returned")
        #expect(record.subscriptionState(at: SimulatedTime.millis(PlayWorld.at(hours: 24 * 31))) == .expired)
    }

    @Test func aOneTimeProductHasNoSubscriptionState() throws {
        try world.buy(PlayWorld.pro)
        let record = try #require(try play.records().first)
        #expect(record.productType == .inapp)
        #expect(record.expiryMillis == nil)
        #expect(record.subscriptionState(at: 0) == nil)
    }

    @Test func anotherBasePlanOfAnActiveSubscriptionIsAlreadyOwnedUntilItExpires() throws {
        try world.buy(Self.monthly)
        let refused = try play.launchBillingFlow(productId: Self.yearly, account: "demo", obfuscatedAccountId: nil, mode: .confirm,
                                                 now: PlayWorld.at(hours: 24))
        #expect(refused.billingResult.responseCode == .itemAlreadyOwned)
        let later = try play.launchBillingFlow(productId: Self.monthly, account: "demo", obfuscatedAccountId: nil, mode: .confirm,
                                               now: PlayWorld.at(hours: 24 * 31))
        #expect(later.billingResult.responseCode == .ok, "its period ended: the subscription can be bought again")
    }

    @Test func anUnacknowledgedInitialPurchaseIsRefundedAfterThreeDays() throws {
        // Google: "All initial subscription purchases need to be acknowledged."
        let purchase = try world.buy(Self.monthly)
        #expect(try play.refundDue(at: PlayWorld.at(hours: 71)).isEmpty)
        let refunded = try play.refundDue(at: PlayWorld.at(hours: 72))
        #expect(refunded.map(\.orderId) == [purchase.orderId])
        #expect(refunded.first?.voidedReason == .unacknowledgedPurchase)
        #expect(refunded.first?.subscriptionState(at: SimulatedTime.millis(PlayWorld.at(hours: 72))) == .expired)
        #expect(refunded.first?.expiryMillis == SimulatedTime.millis(PlayWorld.at(hours: 72)), "revoked: its period ends at the refund")
        #expect(refunded.first?.autoRenewing == false)
        #expect(try play.queryPurchases(account: "demo", now: PlayWorld.at(hours: 72)).isEmpty)
    }

    @Test func aPendingSubscriptionsPeriodStartsWhenItsPaymentCompletes() throws {
        let purchase = try world.buy(Self.monthly, mode: .pending)
        #expect(try play.records().first?.expiryMillis == nil)
        #expect(try play.records().first?.subscriptionState(at: 0) == .pending)
        _ = try play.approvePending(token: purchase.purchaseToken, now: PlayWorld.at(hours: 24 * 5))
        let record = try #require(try play.records().first)
        #expect(record.expiryMillis.map { SimulatedTime.format(millis: $0) } == "2026-02-06 00:00:00")
    }

    @Test func subscriptionsV2GetAnswersTheBasePlansLineItemUntilItsExpiry() throws {
        let purchase = try world.buy(Self.monthly, obfuscatedAccountId: "a3f9")
        let answered = try play.subscriptionPurchase(token: purchase.purchaseToken, now: PlayWorld.at(hours: 1))
        #expect(SubscriptionPurchaseV2.kind == "androidpublisher#subscriptionPurchaseV2")
        #expect(answered.regionCode == "US")
        #expect(answered.subscriptionState.rawValue == "SUBSCRIPTION_STATE_ACTIVE")
        #expect(answered.acknowledgementState.rawValue == "ACKNOWLEDGEMENT_STATE_PENDING")
        #expect(answered.obfuscatedExternalAccountId == "a3f9")
        #expect(answered.startTimeMillis == SimulatedTime.millis(PlayWorld.at()))
        let item = try #require(answered.lineItems.first)
        #expect(item.productId == "premium", "the Play subscription's id, not the base plan's")
        #expect(item.basePlanId == "monthly")
        #expect(item.offerId == nil)
        #expect(item.autoRenewEnabled)
        #expect(item.latestSuccessfulOrderId == purchase.orderId)
        #expect(SimulatedTime.format(millis: item.expiryTimeMillis) == "2026-02-01 00:00:00")
        try play.acknowledge(token: purchase.purchaseToken, by: .server, now: PlayWorld.at(hours: 2))
        let acknowledged = try play.subscriptionPurchase(token: purchase.purchaseToken, now: PlayWorld.at(hours: 24 * 31))
        #expect(acknowledged.acknowledgementState == .acknowledged)
        #expect(acknowledged.subscriptionState == .expired)
    }

    @Test func subscriptionsV2GetRefusesAOneTimeProductsToken() throws {
        let purchase = try world.buy(PlayWorld.pro)
        let error = try #require(throws: PlayError.self) { try play.subscriptionPurchase(token: purchase.purchaseToken, now: PlayWorld.at()) }
        #expect(error == .refused(.tokenNotFound(purchase.purchaseToken)))
    }

    @Test func anActiveSubscriptionRenewsAtTheEndOfEachPeriodWithTheNextOrder() throws {
        let purchase = try world.buy(Self.monthly)
        try play.acknowledge(token: purchase.purchaseToken, by: .app, now: PlayWorld.at(hours: 1))
        let february = SimulatedTime.millis(PlayWorld.at(hours: 24 * 31))
        #expect(try play.nextDue(after: SimulatedTime.millis(PlayWorld.at(hours: 2))) == february, "the end of the period is a due moment")
        #expect(try play.renewDue(at: PlayWorld.at(hours: 24 * 31 - 1)).isEmpty)
        let renewed = try play.renewDue(at: PlayWorld.at(hours: 24 * 60))
        #expect(renewed.map(\.latestOrderId.description) == [purchase.orderId.description + "..0", purchase.orderId.description + "..1"])
        let record = try #require(try play.records().first)
        #expect(record.renewals == 2)
        #expect(record.expiryMillis.map { SimulatedTime.format(millis: $0) } == "2026-04-01 00:00:00")
        #expect(try play.subscriptionPurchase(token: purchase.purchaseToken, now: PlayWorld.at(hours: 24 * 60))
            .lineItems.first?.latestSuccessfulOrderId == record.latestOrderId)
        #expect(try play.refundDue(at: PlayWorld.at(hours: 24 * 60)).isEmpty, "Google: \"Subscription renewals don't need to be acknowledged.\"")
    }

    @Test func aRevokedSubscriptionNeverRenews() throws {
        let purchase = try world.buy(Self.monthly)
        try play.refund(orderNumber: purchase.orderId, source: .developer, reason: .other, now: PlayWorld.at(hours: 1))
        #expect(try play.renewDue(at: PlayWorld.at(hours: 24 * 60)).isEmpty)
        #expect(try play.records().first?.renewals == 0)
    }
}
