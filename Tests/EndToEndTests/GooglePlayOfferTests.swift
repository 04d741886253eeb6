import Foundation
import Testing
import TestSupport

/// A Google Play subscription's offer run end to end by the built binary: the free trial bought
/// with its offerToken, named by purchases.subscriptionsv2.get and `state`, then the base plan's
/// price; a user who had the subscription refused it.
@Suite struct GooglePlayOfferTests {
    private static let order = SeededPlayRun.firstOrder

    @Test func aFreeTrialIsAWeekThenTheBasePlanAndStateSaysWhichPhaseApplies() throws {
        let folder = try TemporaryFolder()
        let (run, world) = try SeededPlayRun.run("""
            buy com.storesim.premium.monthly offer free-trial
            expect credited com.storesim.premium.monthly 1
            """, in: folder)
        #expect(run.status == 0, "\(run.stdout)\(run.stderr)")
        #expect(run.stdout.contains("launchBillingFlow com.storesim.premium.monthly with the offerToken of the offer free-trial"), "\(run.stdout)")
        #expect(run.stdout.contains("SubscriptionPurchaseV2 \(Self.order): SUBSCRIPTION_STATE_ACTIVE, ACKNOWLEDGEMENT_STATE_PENDING, "
                                    + "expiryTime 2026-01-08 00:00:00, offer free-trial, offerPhase freeTrial"), "\(run.stdout)")
        let trial = try StoreSimProcess.run(["state", "--json", "--data-dir", world])
        #expect(trial.stdout.contains(#""expiryTime": "2026-01-08 00:00:00""#), "\(trial.stdout)")
        #expect(trial.stdout.contains(#""offer": {"offerId": "free-trial", "offerPhase": "freeTrial"}"#), "\(trial.stdout)")
        let advance = folder.file("advance.scenario")
        try "advance 7d\n".write(toFile: advance, atomically: true, encoding: .utf8)
        let renewed = try StoreSimProcess.run(["run", "--store", "play", "--data-dir", world, advance])
        #expect(renewed.status == 0, "\(renewed.stdout)\(renewed.stderr)")
        #expect(renewed.stdout.contains("\(Self.order)..0 (com.storesim.premium.monthly) renewed until 2026-02-08 00:00:00 "
                                        + "(offer free-trial, offerPhase basePrice): a renewal needs no acknowledgement"), "\(renewed.stdout)")
        let text = try StoreSimProcess.run(["state", "--data-dir", world])
        #expect(text.stdout.contains("expires 2026-02-08 00:00:00, base plan monthly of premium, every P1M, offer free-trial, basePrice"),
                "\(text.stdout)")
    }

    @Test func whoeverHadTheSubscriptionIsRefusedTheOfferAsTheBillingLibraryAnswers() throws {
        let folder = try TemporaryFolder()
        let script = folder.file("ineligible.scenario")
        try """
            buy com.storesim.premium.monthly
            subscription com.storesim.premium.monthly expire
            buy com.storesim.premium.monthly offer free-trial
            expect credited com.storesim.premium.monthly 1
            buy com.storesim.premium.monthly offer winter
            expect credited com.storesim.premium.monthly 1
            """.write(toFile: script, atomically: true, encoding: .utf8)
        let run = try StoreSimProcess.run(["run", "--store", "play", "--data-dir", folder.file("world"), script])
        #expect(run.status == 0, "\(run.stdout)\(run.stderr)")
        #expect(run.stdout.contains("Play    ──▶ App      onPurchasesUpdated ERROR (USER_INELIGIBLE)"), "\(run.stdout)")
        #expect(run.stdout.contains("Play    ──▶ App      onPurchasesUpdated DEVELOPER_ERROR"), "\(run.stdout)")
    }
}
