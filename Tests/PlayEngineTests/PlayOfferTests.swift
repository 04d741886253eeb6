import Foundation
import IAPCore
import PlayEngine
import Testing

@Suite("Google Play's offers: a base plan's introductory offer, for new customers, then the base plan's price")
struct PlayOfferTests {
    private static let (monthly, yearly) = ("com.storesim.premium.monthly", "com.storesim.premium.yearly")
    /// The catalog's base plans, the monthly one with the offer `free-trial`.
    private static let catalogPlans = PlayBasePlan.plans(of: BuiltInCatalog.catalog())
    private let world: PlayWorld
    private var play: PlayStore { world.play }

    init() throws {
        world = try PlayWorld.sellingSubscriptions(notifications: false)
    }

    private static func day(_ days: Int64) -> Date { PlayWorld.day(days) }

    private static func format(_ millis: Int64?) -> String? {
        millis.map { SimulatedTime.format(millis: $0) }
    }

    /// A base plan `basePlanId` of the subscription `premium`, renewing every month, with the offer made of `terms`.
    private static func plan(_ productId: String, _ terms: IntroductoryOffer) throws -> PlayBasePlan {
        PlayBasePlan(productId: productId, subscriptionId: "premium", basePlanId: PlayBasePlan.basePlanId(ofProduct: productId),
                     billingPeriodDuration: try #require(ISODuration("P1M")), offer: PlayOffer(terms: terms))
    }

    @Test func theIntroductoryOfferIsTheBasePlansOfferNamedAfterItsMode() throws {
        let plans = Self.catalogPlans
        #expect(plans[Self.monthly]?.offer?.offerId == "free-trial")
        #expect(plans[Self.monthly]?.offer?.phase == .freeTrial)
        #expect(plans[Self.yearly]?.offer == nil, "a product without an introductory offer has no offer")
        let period = try #require(ISODuration("P1M"))
        #expect(PlayOffer(terms: IntroductoryOffer(mode: .payAsYouGo, period: period, price: 0.99, periods: 3)).offerId == "pay-as-you-go")
        #expect(PlayOffer(terms: IntroductoryOffer(mode: .payUpFront, period: period, price: 1.99)).offerId == "pay-up-front")
    }

    @Test func aFreeTrialIsTheFirstPeriodThenTheBasePlanRenewsAtItsPrice() throws {
        let purchase = try world.buy(Self.monthly, offer: "free-trial")
        let trial = try play.subscriptionPurchase(token: purchase.purchaseToken, now: Self.day(1))
        let item = try #require(trial.lineItems.first)
        #expect(Self.format(item.expiryTimeMillis) == "2026-01-08 00:00:00", "the free trial's week")
        #expect(item.offerId == "free-trial")
        #expect(item.offerPhase == .freeTrial)
        let renewed = try play.renewDue(at: Self.day(7))
        #expect(renewed.map(\.latestOrderId) == [purchase.orderId.renewal(0)].compactMap { $0 }, "the first renewal is ..0, as without an offer")
        let paid = try #require(try play.subscriptionPurchase(token: purchase.purchaseToken, now: Self.day(8)).lineItems.first)
        #expect(Self.format(paid.expiryTimeMillis) == "2026-02-08 00:00:00", "then the base plan's month")
        #expect(paid.offerId == "free-trial", "the line item still names the offer it was bought with")
        #expect(paid.offerPhase == .basePrice)
    }

    @Test func aDiscountedRecurringPriceRepeatsItsPeriodThenTheBasePlansPeriodFollows() throws {
        let week = try #require(ISODuration("P1W"))
        play.basePlans = [Self.monthly: try Self.plan(Self.monthly, IntroductoryOffer(mode: .payAsYouGo, period: week, price: 0.99, periods: 2))]
        let purchase = try world.buy(Self.monthly, offer: "pay-as-you-go")
        var periods: [String] = []
        for day: Int64 in [1, 8, 15] {
            _ = try play.renewDue(at: Self.day(day))
            let item = try #require(try play.subscriptionPurchase(token: purchase.purchaseToken, now: Self.day(day)).lineItems.first)
            periods.append("\(item.offerPhase?.rawValue ?? "none") until \(Self.format(item.expiryTimeMillis) ?? "")")
        }
        #expect(periods == ["introductoryPrice until 2026-01-08 00:00:00", "introductoryPrice until 2026-01-15 00:00:00",
                            "basePrice until 2026-02-15 00:00:00"], "two discounted weeks, then the base plan's month")
    }

    @Test func aSinglePaymentCoversItsWholeDuration() throws {
        let quarter = try #require(ISODuration("P3M"))
        play.basePlans = [Self.monthly: try Self.plan(Self.monthly, IntroductoryOffer(mode: .payUpFront, period: quarter, price: 1.99))]
        let purchase = try world.buy(Self.monthly, offer: "pay-up-front")
        let item = try #require(try play.subscriptionPurchase(token: purchase.purchaseToken, now: Self.day(1)).lineItems.first)
        #expect(Self.format(item.expiryTimeMillis) == "2026-04-01 00:00:00")
        #expect(item.offerPhase == .introductoryPrice)
    }

    @Test func anOfferTheBasePlanDoesNotHaveIsADeveloperError() throws {
        for (productId, offerId) in [(Self.monthly, "winter"), (Self.yearly, "free-trial")] {
            let updated = try play.launchBillingFlow(productId: productId, offerId: offerId, account: "demo", obfuscatedAccountId: nil,
                                                     mode: .confirm, now: PlayWorld.at())
            #expect(updated.billingResult.responseCode == .developerError)
            #expect(updated.billingResult.name == "DEVELOPER_ERROR")
            #expect(updated.purchases.isEmpty)
        }
        #expect(try play.records().isEmpty, "nothing was bought")
    }

    @Test func whoeverHadTheSubscriptionIsIneligibleOnEveryBasePlanOfIt() throws {
        try world.buy(Self.yearly)
        let later = Self.day(400)
        let updated = try play.launchBillingFlow(productId: Self.monthly, offerId: "free-trial", account: "demo", obfuscatedAccountId: nil,
                                                 mode: .confirm, now: later)
        #expect(updated.billingResult.responseCode == .error)
        #expect(updated.billingResult.subResponseCode == .userIneligible)
        #expect(updated.billingResult.name == "ERROR (USER_INELIGIBLE)")
        #expect(updated.purchases.isEmpty)
        #expect(try world.buy(Self.monthly, offer: "free-trial", account: "other", at: later).purchaseState == .purchased,
                "eligibility is per Google account")
        #expect(try world.buy(Self.monthly, at: later).purchaseState == .purchased, "the base plan's own price stays for sale")
    }

    @Test func aRefundedOrCanceledPaymentStillCountsButANeverPaidOneDoesNot() throws {
        let declined = try world.buy(Self.monthly, offer: "free-trial", mode: .pending)
        _ = try play.declinePending(token: declined.purchaseToken, now: PlayWorld.at(hours: 1))
        let trial = try world.buy(Self.monthly, offer: "free-trial", at: PlayWorld.at(hours: 2))
        #expect(trial.purchaseState == .purchased, "a payment that never completed is no subscription had")
        _ = try play.refundDue(at: PlayWorld.at(hours: 80))
        let again = try play.launchBillingFlow(productId: Self.monthly, offerId: "free-trial", account: "demo", obfuscatedAccountId: nil,
                                               mode: .confirm, now: PlayWorld.at(hours: 81))
        #expect(again.billingResult.subResponseCode == .userIneligible, "refunded for lack of acknowledgement, yet had")
    }
}
