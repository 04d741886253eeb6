import Foundation
import IAPCore
import PlayEngine
import Testing

@Suite("Google Play's failed renewals: grace period, account hold, recovered or expired")
struct PlayFailedRenewalTests {
    private let world: PlayWorld
    private static let monthly = "com.storesim.premium.monthly"

    init() throws {
        world = try PlayWorld.sellingSubscriptions()
    }

    private var play: PlayStore { world.play }

    private func day(_ days: Int64) -> Date { PlayWorld.day(days) }

    private func millis(_ days: Int64) -> Int64 { SimulatedTime.millis(day(days)) }

    /// Each notification Play published, as its kind and the day (from the epoch) it tells of.
    private func published() throws -> [String] {
        try play.publishedNotifications().map { "\($0.kind)@\(($0.eventMillis - millis(0)) / 86_400_000)" }
    }

    /// Bought on day 0 (its first period ends on day 31), acknowledged, its card failing from day 10.
    @discardableResult
    private func subscribeWithAFailingCard() throws -> PlayPurchase {
        let purchase = try world.buy(Self.monthly)
        try play.acknowledge(token: purchase.purchaseToken, by: .app, now: PlayWorld.at(hours: 1))
        try play.setBilling(productId: Self.monthly, account: "demo", fails: true, now: day(10))
        return purchase
    }

    @Test func aRenewalThatCannotBeChargedEntersTheGracePeriodWithAccess() throws {
        let purchase = try subscribeWithAFailingCard()
        let failed = try play.renewDue(at: day(32))
        #expect(failed.map(\.billingIssue) == [.grace])
        #expect(failed.first?.latestOrderId == purchase.orderId, "no renewal order: nothing was charged")
        #expect(failed.first?.expiryMillis == millis(38), "expiryTime is the end of the seven days' grace period")
        #expect(failed.first?.subscriptionState(at: millis(32)) == .inGracePeriod)
        #expect(try play.queryPurchases(account: "demo", now: day(32)).map(\.orderId) == [purchase.orderId],
                "in its grace period the user keeps access")
        #expect(try published() == ["purchased@0", "inGracePeriod@31"])
    }

    @Test func billingOkInTheGracePeriodRenewsForThePeriodItFailedToRenew() throws {
        try subscribeWithAFailingCard()
        _ = try play.renewDue(at: day(32))
        let (recovered, stage) = try play.setBilling(productId: Self.monthly, account: "demo", fails: false, now: day(33))
        #expect(stage == .grace)
        #expect(recovered.renewals == 1, "charged at once: the renewal order ..0")
        #expect(recovered.expiryMillis == millis(59), "the period from February 1 to March 1")
        #expect(recovered.subscriptionState(at: millis(33)) == .active)
        #expect(try published() == ["purchased@0", "inGracePeriod@31", "renewed@33"])
        #expect(try play.endRecoveriesDue(at: day(40)).isEmpty, "recovered: no account hold follows")
    }

    @Test func theEndOfTheGracePeriodPutsTheSubscriptionOnHoldWithoutAccess() throws {
        try subscribeWithAFailingCard()
        _ = try play.renewDue(at: day(32))
        let held = try play.endRecoveriesDue(at: day(40))
        #expect(held.map(\.billingIssue) == [.hold])
        #expect(held.first?.issueEndsMillis == millis(91), "60 days after the renewal fell due, less the grace period's 7 days")
        let token = try #require(held.first?.token)
        let purchase = try play.subscriptionPurchase(token: token, now: day(40))
        #expect(purchase.subscriptionState == .onHold)
        #expect(!purchase.grantsAccess)
        #expect(purchase.lineItems.first?.expiryTimeMillis == millis(38), "expiryTime is in the past: no access")
        #expect(try play.queryPurchases(account: "demo", now: day(40)).isEmpty, "a subscription on hold is not returned")
        #expect(try published() == ["purchased@0", "inGracePeriod@31", "onHold@38"])
    }

    @Test func billingOkOnHoldRecoversWithANewPeriodFromNow() throws {
        try subscribeWithAFailingCard()
        _ = try play.renewDue(at: day(32))
        _ = try play.endRecoveriesDue(at: day(40))
        let (recovered, stage) = try play.setBilling(productId: Self.monthly, account: "demo", fails: false, now: day(50))
        #expect(stage == .hold)
        #expect(recovered.expiryMillis == millis(78), "a month from February 20: March 20")
        #expect(try play.queryPurchases(account: "demo", now: day(50)).map(\.orderId) == [recovered.latestOrderId])
        #expect(recovered.latestOrderId != recovered.orderId, "the renewal order ..0")
        #expect(try published() == ["purchased@0", "inGracePeriod@31", "onHold@38", "recovered@50"])
    }

    @Test func neverFixedItExpiresWhenTheHoldEnds() throws {
        try subscribeWithAFailingCard()
        _ = try play.renewDue(at: day(32))
        let changes = try play.endRecoveriesDue(at: day(100))
        #expect(changes.map(\.billingIssue) == [.hold, nil])
        let expired = try #require(changes.last)
        #expect(expired.endedMillis == millis(91))
        #expect(!expired.autoRenewing)
        #expect(expired.subscriptionState(at: millis(100)) == .expired)
        #expect(try published() == ["purchased@0", "inGracePeriod@31", "onHold@38", "expired@91"])
        let error = #expect(throws: PlayError.self) {
            try play.setBilling(productId: Self.monthly, account: "demo", fails: false, now: day(101))
        }
        #expect(error == .refused(.noSubscription(productId: Self.monthly)), "expired: only buying again")
    }

    @Test func theEndsOfTheGracePeriodAndOfTheHoldAreDueMoments() throws {
        try play.setRTDN(false)
        try subscribeWithAFailingCard()
        _ = try play.renewDue(at: day(31))
        #expect(try play.nextDue(after: millis(31)) == millis(38), "the grace period ends seven days after the renewal fell due")
        _ = try play.endRecoveriesDue(at: day(38))
        #expect(try play.nextDue(after: millis(38)) == millis(91), "the hold ends 60 days after the renewal fell due")
        _ = try play.endRecoveriesDue(at: day(91))
        #expect(try play.nextDue(after: millis(91)) == nil, "expired: nothing more falls due")
    }

    @Test func aCardThatWorksAgainBeforeTheRenewalChangesNothingPlaySays() throws {
        try subscribeWithAFailingCard()
        let (record, stage) = try play.setBilling(productId: Self.monthly, account: "demo", fails: false, now: day(20))
        #expect(stage == nil)
        #expect(!record.billingFails)
        #expect(try play.renewDue(at: day(32)).map(\.billingIssue) == [nil], "it renews as any other")
        #expect(try published() == ["purchased@0", "renewed@31"])
    }
}
