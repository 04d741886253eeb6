import IAPCore
@testable import ReadSide
@testable import ScenarioLanguage
import Testing
import TestSupport
@testable import WorldCore

/// Google Play sells every product of the catalog as a one-time product (its subscriptions are not
/// simulated yet): the audit of a Play world counts an overcharge only for a product the account
/// already held, judged in the order the purchases were made, whatever order ids the seed draws;
/// and a voided plan whose entitlement a later plan replaced leaves no orphan credit.
@Suite struct PlayAuditOneTimeProductTests {
    /// Two plans of one subscription group, bought one after the other: two one-time products,
    /// each held once. Judged by the App Store's rules (a group's periods, ids in order), the
    /// verdict depended on the world's seed, which draws Play's order ids at random.
    @Test(arguments: [1, 2, 3, 4, 5, 6, 7, 8] as [UInt64])
    func twoPlansOfAGroupAreTwoProductsWhateverTheSeed(_ seed: UInt64) throws {
        let audit = try Self.audit(seed: seed, [.buy(productId: Self.yearly, answer: .confirm), .buy(productId: Self.monthly, answer: .confirm)])
        #expect(audit.paid == 2)
        #expect(audit.credited == 2)
        #expect(audit.overcharged == 0, "seed \(seed): \(audit.overcharges)")
        #expect(audit.ok)
    }

    /// The Server's credit of the yearly plan replaced the monthly one's entitlement; the refund
    /// of the monthly plan then finds nothing to take back, and nothing is left that it grants.
    @Test(arguments: [1, 2, 3] as [UInt64])
    func aVoidedPlanThatALaterPlanReplacedLeavesNoOrphanCredit(_ seed: UInt64) throws {
        let audit = try Self.audit(seed: seed, [.serverNotifications(on: true), .buy(productId: Self.monthly, answer: .confirm),
                                                .buy(productId: Self.yearly, answer: .confirm), .wait,
                                                .voidPurchase(.product(Self.monthly), reason: .other)])
        #expect(audit.credited == 2)
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
