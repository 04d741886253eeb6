import IAPCore
@testable import ReadSide
@testable import ScenarioLanguage
import Testing
import TestSupport
@testable import WorldCore

/// Google Play sells the catalog's auto-renewable products as base plans of one subscription per
/// group: the audit of a Play world counts an overcharge only for a product the account already
/// held (a subscription: whose period had not ended), judged in the order the purchases were
/// made, whatever order ids the seed draws; and a voided base plan is taken back.
@Suite struct PlayAuditOneTimeProductTests {
    /// Two base plans of one subscription, bought one after the other: the second is refused
    /// (ITEM_ALREADY_OWNED) while the first is active, so one is paid and credited, whatever
    /// order ids the seed draws.
    @Test(arguments: [1, 2, 3, 4, 5, 6, 7, 8] as [UInt64])
    func aSecondBasePlanOfAnActiveSubscriptionIsRefusedWhateverTheSeed(_ seed: UInt64) throws {
        let audit = try Self.audit(seed: seed, [.buy(productId: Self.yearly, answer: .confirm), .buy(productId: Self.monthly, answer: .confirm)])
        #expect(audit.paid == 1)
        #expect(audit.credited == 1)
        #expect(audit.overcharged == 0, "seed \(seed): \(audit.overcharges)")
        #expect(audit.ok)
    }

    /// A subscription renews: each renewal is paid and none of them is an overcharge.
    @Test(arguments: [1, 2, 3] as [UInt64])
    func aSubscriptionsRenewalsAreNoOvercharge(_ seed: UInt64) throws {
        let audit = try Self.audit(seed: seed, [.serverNotifications(on: true), .buy(productId: Self.monthly, answer: .confirm), .wait,
                                                .advance(seconds: 40 * 86_400)])
        #expect(audit.paid == 2)
        #expect(audit.credited == 2)
        #expect(audit.overcharged == 0, "seed \(seed): \(audit.overcharges)")
        #expect(audit.ok)
    }

    /// A subscription bought again once it was refunded and revoked buys something new.
    @Test(arguments: [1, 2, 3] as [UInt64])
    func aSubscriptionBoughtAgainAfterItWasRevokedIsNoOvercharge(_ seed: UInt64) throws {
        let audit = try Self.audit(seed: seed, [.buy(productId: Self.monthly, answer: .confirm), .wait,
                                                .voidPurchase(.product(Self.monthly), reason: .other), .serverVoided,
                                                .buy(productId: Self.monthly, answer: .confirm)])
        #expect(audit.paid == 2)
        #expect(audit.overcharged == 0, "seed \(seed): \(audit.overcharges)")
    }

    /// A refunded base plan's credit is taken back when its notification reaches the Server:
    /// nothing is left that it grants.
    @Test(arguments: [1, 2, 3] as [UInt64])
    func aVoidedBasePlanLeavesNoOrphanCredit(_ seed: UInt64) throws {
        let audit = try Self.audit(seed: seed, [.serverNotifications(on: true), .buy(productId: Self.monthly, answer: .confirm),
                                                .buy(productId: Self.yearly, answer: .confirm), .wait,
                                                .voidPurchase(.product(Self.monthly), reason: .other)])
        #expect(audit.credited == 1)
        #expect(audit.orphanCredits == 0, "seed \(seed): \(audit.orphans)")
        #expect(audit.ok)
    }

    /// A voided non-consumable whose entitlement the Server still holds is an orphan credit until
    /// the Server hears of it.
    @Test func aVoidedProductStillHeldIsAnOrphanCredit() throws {
        let audit = try Self.audit(seed: 1, [.buy(productId: "com.storesim.pro", answer: .confirm), .wait,
                                             .voidPurchase(.product("com.storesim.pro"), reason: .other)])
        #expect(audit.orphanCredits == 1)
        #expect(!audit.ok)
    }

    /// A renewal refunded with revoke is the refunded order; the Server that hears nothing of it
    /// holds the subscription's entitlement past the revocation, an orphan credit, until the
    /// Voided Purchases API lists the order: voiding any order of a subscription revokes it.
    @Test func anEarlierRenewalRefundedIsRefundedAndItsSubscriptionsEntitlementAnOrphanUntilTheServerAsks() throws {
        let folder = try TemporaryFolder()
        let world = try folder.world(seed: 1, store: .play)
        try world.perform(.launch)
        try world.settle()
        for command: ScenarioCommand in [.serverNotifications(on: true), .buy(productId: Self.monthly, answer: .confirm), .wait,
                                         .advance(seconds: 70 * 86_400), .serverNotifications(on: false)] {
            try world.performInTurn(command)
        }
        let base = try #require(try world.play?.records().first?.orderId)
        let first = try #require(base.renewal(0))
        try world.performInTurn(.voidPurchase(.transaction(first.transactionId), reason: .other))
        try world.settle()
        let unheard = try ReadModel(world).audit()
        #expect(unheard.paid == 3)
        #expect(unheard.refunded == 1)
        #expect(unheard.orphans.map(\.transactionId) == [try #require(base.renewal(1)).transactionId],
                "the entitlement the latest renewal gave outlives the revocation")
        #expect(!unheard.ok)
        try world.performInTurn(.serverVoided)
        try world.settle()
        let heard = try ReadModel(world).audit()
        #expect(heard.orphanCredits == 0, "\(heard.orphans)")
        #expect(heard.ok)
    }

    static let monthly = "com.storesim.premium.monthly"
    static let yearly = "com.storesim.premium.yearly"

    /// The audit of a fresh Play world (seeded) after `commands`, run as a script does.
    private static func audit(seed: UInt64, _ commands: [ScenarioCommand]) throws -> Audit {
        let folder = try TemporaryFolder()
        let world = try folder.world(seed: seed, store: .play)
        try world.perform(.launch)
        try world.settle()
        for command in commands + [.wait] {
            try world.performInTurn(command)
        }
        try world.settle()
        return try ReadModel(world).audit()
    }
}
