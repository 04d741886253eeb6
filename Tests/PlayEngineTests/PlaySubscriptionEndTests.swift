import Foundation
import IAPCore
import PlayEngine
import Testing

@Suite("Google Play's subscriptions: canceled, restored, expired, a renewal refunded")
struct PlaySubscriptionEndTests {
    private let world: PlayWorld
    private static let monthly = "com.storesim.premium.monthly"

    init() throws {
        world = try PlayWorld.sellingSubscriptions()
    }

    private var play: PlayStore { world.play }

    /// Each notification Play published, as its type's name.
    private func published() throws -> [String] {
        try play.publishedNotifications().map { "\($0.kind)" }
    }

    private func day(_ days: Int64) -> Date { PlayWorld.day(days) }

    @Test func aCanceledSubscriptionKeepsItsAccessUntilItsPeriodEndsThenExpiresOnce() throws {
        let purchase = try world.buy(Self.monthly)
        let canceled = try #require(try play.setAutoRenew(productId: Self.monthly, account: "demo", on: false, now: day(10)))
        #expect(!canceled.autoRenewing)
        #expect(canceled.subscriptionState(at: SimulatedTime.millis(day(10))) == .canceled,
                "Google: \"Subscription is canceled but not expired yet.\"")
        #expect(try play.queryPurchases(account: "demo", now: day(30)).map(\.orderId) == [purchase.orderId],
                "Google: \"When a subscription is cancelled but not yet expired, it is returned from BillingClient.queryPurchasesAsync()\"")
        let end = SimulatedTime.millis(day(31))
        #expect(try play.renewDue(at: day(40)).isEmpty, "auto-renewal off: it does not renew")
        let expired = try play.expireDue(at: day(40))
        #expect(expired.map(\.endedMillis) == [end], "it expired at the end of its period, not when the clock stopped")
        #expect(try play.expireDue(at: day(41)).isEmpty, "expired once")
        #expect(try play.queryPurchases(account: "demo", now: day(40)).isEmpty)
        #expect(try published() == ["purchased", "subscriptionCanceled", "expired"])
    }

    @Test func theEndOfACanceledSubscriptionsLastPeriodIsADueMoment() throws {
        try play.setRTDN(false)
        let purchase = try world.buy(Self.monthly)
        try play.acknowledge(token: purchase.purchaseToken, by: .app, now: PlayWorld.at(hours: 1))
        try play.setAutoRenew(productId: Self.monthly, account: "demo", on: false, now: day(10))
        #expect(try play.nextDue(after: SimulatedTime.millis(day(11))) == SimulatedTime.millis(day(31)))
        _ = try play.expireDue(at: day(31))
        #expect(try play.nextDue(after: SimulatedTime.millis(day(31))) == nil, "expired: nothing more falls due")
    }

    @Test func turningAutoRenewalOffTwicePublishesOnce() throws {
        try world.buy(Self.monthly)
        try play.setAutoRenew(productId: Self.monthly, account: "demo", on: false, now: day(1))
        #expect(try play.setAutoRenew(productId: Self.monthly, account: "demo", on: false, now: day(2)) == nil, "nothing changes")
        #expect(try published() == ["purchased", "subscriptionCanceled"])
    }

    @Test func aSubscriptionRestoredBeforeItsPeriodEndsRenewsAgain() throws {
        let purchase = try world.buy(Self.monthly)
        try play.setAutoRenew(productId: Self.monthly, account: "demo", on: false, now: day(1))
        let restored = try #require(try play.setAutoRenew(productId: Self.monthly, account: "demo", on: true, now: day(2)))
        #expect(restored.subscriptionState(at: SimulatedTime.millis(day(2))) == .active)
        #expect(try play.renewDue(at: day(31)).map(\.latestOrderId.description) == [purchase.orderId.description + "..0"])
        #expect(try play.expireDue(at: day(31)).isEmpty)
        #expect(try published() == ["purchased", "subscriptionCanceled", "restarted", "renewed"])
    }

    @Test func anExpiredSubscriptionCannotBeRestoredOnlyBoughtAgain() throws {
        try world.buy(Self.monthly)
        try play.setAutoRenew(productId: Self.monthly, account: "demo", on: false, now: day(1))
        _ = try play.expireDue(at: day(31))
        let error = #expect(throws: PlayError.self) {
            try play.setAutoRenew(productId: Self.monthly, account: "demo", on: true, now: day(32))
        }
        #expect(error == .refused(.noSubscription(productId: Self.monthly)))
        #expect(try world.buy(Self.monthly, at: day(32)).purchaseState == .purchased)
    }

    @Test func expireEndsThePeriodNowAndRenewNowRenewsAtOnce() throws {
        let purchase = try world.buy(Self.monthly)
        try play.renewNow(productId: Self.monthly, account: "demo", now: day(5))
        let renewed = try play.renewDue(at: day(5))
        #expect(renewed.map(\.latestOrderId.description) == [purchase.orderId.description + "..0"])
        #expect(renewed.first?.expiryMillis.map { SimulatedTime.format(millis: $0) } == "2026-02-06 00:00:00")
        try play.expireNow(productId: Self.monthly, account: "demo", now: day(6))
        #expect(try play.expireDue(at: day(6)).map(\.endedMillis) == [SimulatedTime.millis(day(6))])
        let error = #expect(throws: PlayError.self) { try play.renewNow(productId: Self.monthly, account: "demo", now: day(7)) }
        #expect(error == .refused(.noSubscription(productId: Self.monthly)))
    }

    @Test func aCanceledSubscriptionDoesNotRenewNow() throws {
        let purchase = try world.buy(Self.monthly)
        try play.setAutoRenew(productId: Self.monthly, account: "demo", on: false, now: day(1))
        let error = #expect(throws: PlayError.self) { try play.renewNow(productId: Self.monthly, account: "demo", now: day(2)) }
        #expect(error == .refused(.autoRenewalOff(purchase.orderId)))
    }

    @Test func aRefundOfARenewalVoidsThatOrderAndRevokesTheSubscription() throws {
        let purchase = try world.buy(Self.monthly)
        try play.acknowledge(token: purchase.purchaseToken, by: .app, now: PlayWorld.at(hours: 1))
        _ = try play.renewDue(at: day(60))
        #expect(try play.queryPurchases(account: "demo", now: day(60)).map(\.orderId.description) == [purchase.orderId.description + "..1"],
                "a renewed subscription's Purchase names its latest order")
        let first = try #require(purchase.orderId.renewal(0))
        let voided = try play.refund(orderNumber: first, source: .developer, reason: .other, now: day(61))
        #expect(voided.voidedOrderId == first)
        #expect(voided.voidedPurchase?.orderId == first,
                "Google: the orderId \"uniquely identifies a one-time purchase, subscription purchase, or subscription renewal\"")
        #expect(voided.subscriptionState(at: SimulatedTime.millis(day(61))) == .expired, "revoked: its access ends now")
        #expect(try play.queryPurchases(account: "demo", now: day(61)).isEmpty)
        #expect(try published().suffix(2) == ["revoked", "voided"])
        #expect(try play.renewDue(at: day(120)).isEmpty)
    }

    @Test func anotherOrderOfARevokedSubscriptionHasNothingLeftToRefund() throws {
        let purchase = try world.buy(Self.monthly)
        _ = try play.renewDue(at: day(40))
        let renewal = try #require(purchase.orderId.renewal(0))
        try play.refund(orderNumber: renewal, source: .developer, reason: .other, now: day(41))
        let error = #expect(throws: PlayError.self) {
            try play.refund(orderNumber: purchase.orderId, source: .developer, reason: .other, now: day(42))
        }
        #expect(error == .refused(.revokedAlready(purchase.orderId, through: renewal)))
    }

    @Test func aRefundAfterTheSubscriptionExpiredRevokesNothing() throws {
        let purchase = try world.buy(Self.monthly)
        try play.setAutoRenew(productId: Self.monthly, account: "demo", on: false, now: day(1))
        _ = try play.expireDue(at: day(40))
        try play.refund(orderNumber: purchase.orderId, source: .developer, reason: .other, now: day(41))
        #expect(try published() == ["purchased", "subscriptionCanceled", "expired", "voided"],
                "Google: SUBSCRIPTION_REVOKED, \"A subscription has been revoked from the user before the expiration time\"")
    }

    @Test func aRenewalNotYetMadeCannotBeRefunded() throws {
        let purchase = try world.buy(Self.monthly)
        let unmade = try #require(purchase.orderId.renewal(0))
        let error = #expect(throws: PlayError.self) {
            try play.refund(orderNumber: unmade, source: .developer, reason: .other, now: day(1))
        }
        #expect(error == .refused(.orderNotFound(unmade)))
    }
}
