import IAPCore
@testable import ReadSide
@testable import ScenarioLanguage
import Testing
import TestSupport
@testable import WorldCore

/// Google Play sells every product of the catalog as a one-time product (its subscriptions are not
/// simulated yet): the audit of a Play world counts an overcharge only for a product the account
/// already held, judged in the order the purchases were made, whatever order ids the seed draws.
@Suite struct PlayAuditOverchargeTests {
    /// Two plans of one subscription group, bought one after the other: two one-time products,
    /// each held once. Judged by the App Store's rules (a group's periods, ids in order), the
    /// verdict depended on the world's seed, which draws Play's order ids at random.
    @Test(arguments: [1, 2, 3, 4, 5, 6, 7, 8] as [UInt64])
    func twoPlansOfAGroupAreTwoProductsWhateverTheSeed(_ seed: UInt64) throws {
        let folder = try TemporaryFolder()
        let world = try folder.world(seed: seed, store: .play)
        try world.perform(.launch)
        try world.settle()
        for command in [ScenarioCommand.buy(productId: "com.storesim.premium.yearly", answer: .confirm),
                        .buy(productId: "com.storesim.premium.monthly", answer: .confirm), .wait] {
            try world.performInTurn(command)
        }
        try world.settle()
        let audit = try ReadModel(world).audit()
        #expect(audit.paid == 2)
        #expect(audit.credited == 2)
        #expect(audit.overcharged == 0, "seed \(seed): \(audit.overcharges)")
        #expect(audit.ok)
    }
}
