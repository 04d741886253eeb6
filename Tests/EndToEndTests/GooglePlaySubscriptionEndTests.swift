import Foundation
import Testing
import TestSupport

/// The ends of a Google Play subscription run end to end by the built binary: an earlier
/// renewal refunded with revoke ends the Server's entitlement at once, and the commands a
/// subscription that is not held refuses name their line.
@Suite struct GooglePlaySubscriptionEndTests {
    private static let order = SeededPlayRun.firstOrder

    @Test func anEarlierRenewalRefundedRevokesTheSubscriptionAndTheServerEndsTheEntitlementNow() throws {
        let folder = try TemporaryFolder()
        let (run, world) = try SeededPlayRun.run("""
            server notifications on
            buy com.storesim.premium.monthly
            advance 70d
            expect credited com.storesim.premium.monthly 3
            refund \(Self.order)..0
            expect owned com.storesim.premium.monthly no
            expect audit ok
            """, in: folder)
        #expect(run.status == 0, "\(run.stdout)\(run.stderr)")
        #expect(run.stdout.contains("RTDN SUBSCRIPTION_REVOKED \(Self.order)..1"), "\(run.stdout)")
        #expect(run.stdout.contains("RTDN VOIDED_PURCHASE \(Self.order)..0"), "\(run.stdout)")
        #expect(run.stdout.contains("Server               \(Self.order)..1 ended early, at 2026-03-12 00:00:00: "
                                    + "the Server ends the entitlement to com.storesim.premium.monthly there"), "\(run.stdout)")
        let state = try StoreSimProcess.run(["state", "--json", "--data-dir", world])
        #expect(state.stdout.contains(#""subscriptionState": "SUBSCRIPTION_STATE_EXPIRED", "expiryTime": "2026-03-12 00:00:00", "autoRenewing": false"#),
                "\(state.stdout)")
    }

    /// Notifications off: the renewal `..0` is paid, the Server never hears of it, and the
    /// subscription, canceled, expires; `queryPurchasesAsync` no longer returns it ("Only active
    /// subscriptions and non-consumed one-time purchases are returned"), so nothing can reach
    /// the renewal any more: lost, not recoverable.
    @Test func aRenewalNeverCreditedOfASubscriptionThatExpiredIsLost() throws {
        let folder = try TemporaryFolder()
        let (run, world) = try SeededPlayRun.run("""
            buy com.storesim.premium.monthly
            advance 40d
            subscription com.storesim.premium.monthly renew off
            advance 30d
            quit
            launch
            restore
            expect lost 1
            """, in: folder)
        #expect(run.status == 0, "\(run.stdout)\(run.stderr)")
        let audit = try StoreSimProcess.run(["audit", "--data-dir", world])
        #expect(audit.status == 1)
        #expect(audit.stdout.contains("paid 2  credited 1"), "\(audit.stdout)")
        #expect(audit.stdout.contains("\(Self.order)..0: LOST"), "\(audit.stdout)")
        #expect(!audit.stdout.contains("queryPurchasesAsync returns it"), "\(audit.stdout)")
    }

    @Test func aSubscriptionNotHeldCannotBeCanceledRestoredOrEnded() throws {
        let folder = try TemporaryFolder()
        for (index, command) in ["subscription com.storesim.premium.monthly renew off", "subscription com.storesim.premium.monthly renew on",
                        "subscription com.storesim.premium.monthly renew now", "subscription com.storesim.premium.monthly expire"].enumerated() {
            let script = folder.file("refused.scenario")
            try (command + "\n").write(toFile: script, atomically: true, encoding: .utf8)
            let run = try StoreSimProcess.run(["run", "--store", "play", "--data-dir", folder.file("world-\(index)"), script])
            #expect(run.status != 0)
            #expect(run.stderr == "storesim: error: \(script): line 1: Google Play: no subscription of com.storesim.premium.monthly "
                    + "whose period runs (an expired or revoked one is bought again)\n", "\(command): \(run.stderr)")
        }
    }
}
