import Foundation
import Testing
import TestSupport

/// A Google Play subscriber's failing card run end to end by the built binary: the grace period
/// and account hold on the timeline and in `state --json`, and a card fixed on hold.
@Suite struct GooglePlayFailedRenewalTests {
    private static let order = SeededPlayRun.firstOrder

    @Test func aFailingCardGoesThroughGraceAndHoldAndStateSaysSo() throws {
        let folder = try TemporaryFolder()
        let (run, world) = try SeededPlayRun.run("""
            server notifications on
            buy com.storesim.premium.monthly
            subscription com.storesim.premium.monthly billing fail
            advance 33d
            expect owned com.storesim.premium.monthly yes
            """, in: folder)
        #expect(run.status == 0, "\(run.stdout)\(run.stderr)")
        #expect(run.stdout.contains("RTDN SUBSCRIPTION_IN_GRACE_PERIOD \(Self.order)"), "\(run.stdout)")
        var state = try StoreSimProcess.run(["state", "--json", "--data-dir", world])
        #expect(state.stdout.contains(#""subscriptionState": "SUBSCRIPTION_STATE_IN_GRACE_PERIOD", "expiryTime": "2026-02-08 00:00:00", "autoRenewing": true"#),
                "\(state.stdout)")

        let hold = folder.file("hold.scenario")
        try """
            advance 10d
            expect owned com.storesim.premium.monthly no
            expect audit ok
            """.write(toFile: hold, atomically: true, encoding: .utf8)
        let held = try StoreSimProcess.run(["run", "--data-dir", world, hold])
        #expect(held.status == 0, "\(held.stdout)\(held.stderr)")
        #expect(held.stdout.contains("RTDN SUBSCRIPTION_ON_HOLD \(Self.order)"), "\(held.stdout)")
        state = try StoreSimProcess.run(["state", "--data-dir", world])
        #expect(state.stdout.contains("SUBSCRIPTION_STATE_ON_HOLD, expires 2026-02-08 00:00:00"), "\(state.stdout)")

        let fixed = folder.file("fixed.scenario")
        try """
            subscription com.storesim.premium.monthly billing ok
            expect credited com.storesim.premium.monthly 2
            expect owned com.storesim.premium.monthly yes
            """.write(toFile: fixed, atomically: true, encoding: .utf8)
        let recovered = try StoreSimProcess.run(["run", "--data-dir", world, fixed])
        #expect(recovered.status == 0, "\(recovered.stdout)\(recovered.stderr)")
        #expect(recovered.stdout.contains("RTDN SUBSCRIPTION_RECOVERED \(Self.order)..0"), "\(recovered.stdout)")
    }

    @Test func billingOfASubscriptionNotHeldIsRefused() throws {
        let folder = try TemporaryFolder()
        let script = folder.file("refused.scenario")
        try "subscription com.storesim.premium.monthly billing fail\n".write(toFile: script, atomically: true, encoding: .utf8)
        let run = try StoreSimProcess.run(["run", "--store", "play", "--data-dir", folder.file("world"), script])
        #expect(run.status != 0)
        #expect(run.stderr == "storesim: error: \(script): line 1: Google Play: no subscription of com.storesim.premium.monthly "
                + "whose period runs (an expired or revoked one is bought again)\n", "\(run.stderr)")
    }
}
