import IAPCore
@testable import ReadSide
@testable import ScenarioLanguage
import Testing
import TestSupport
@testable import WorldCore

/// The audit of a Play world counts an overcharge only for a product the account already held,
/// judged in the order the purchases were made, whatever order ids the seed draws; a voided
/// product still held is an orphan credit until the Server hears of it. (Google Play does not sell
/// the catalog's subscriptions in this release: ITEM_UNAVAILABLE.)
@Suite struct PlayAuditOneTimeProductTests {
    /// Two one-time products bought one after the other, each held once: judged by the App
    /// Store's rules (ids in order), the verdict depended on the world's seed, which draws Play's
    /// order ids at random.
    @Test(arguments: [1, 2, 3, 4, 5, 6, 7, 8] as [UInt64])
    func twoProductsAreTwoPurchasesWhateverTheSeed(_ seed: UInt64) throws {
        let audit = try Self.audit(seed: seed, [.buy(productId: Self.season, answer: .confirm), .buy(productId: "com.storesim.pro", answer: .confirm)])
        #expect(audit.paid == 2)
        #expect(audit.credited == 2)
        #expect(audit.overcharged == 0, "seed \(seed): \(audit.overcharges)")
        #expect(audit.ok)
    }

    /// A subscription is not sold on Google Play in this release: nothing is paid or credited.
    @Test func aSubscriptionIsNeitherPaidNorCredited() throws {
        let audit = try Self.audit(seed: 1, [.buy(productId: "com.storesim.premium.monthly", answer: .confirm)])
        #expect(audit.paid == 0 && audit.credited == 0)
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

    static let season = "com.storesim.season"

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
