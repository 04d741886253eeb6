import Foundation
import Testing
import TestSupport

/// Apple's `OFFER_REDEEMED`: "A notification type that, along with its subtype, indicates that a
/// customer with an active subscription redeemed a subscription offer." The Server handles it as
/// the `DID_CHANGE_RENEWAL_PREF` it replaces: it asks for the transaction and credits it once,
/// however often it is told.
@Suite struct OfferRedeemedRunTests {
    static let catalog = StoreSimProcess.projectRoot.appendingPathComponent("Scenarios/notifications-offer-redeemed.storekit").path

    /// Under StoreKit 1, an upgrade by an offer code the Server missed while down is credited
    /// from the notification's retry, and the history fetched afterwards credits nothing more.
    @Test func anUpgradeByACodeIsCreditedOnceFromItsRetryAndTheHistory() throws {
        let folder = try TemporaryFolder()
        let script = try folder.write("upgrade.scenario", """
            server notifications on
            redeem JOIN
            wait
            server down
            redeem CLIMB
            wait
            expect notifications pending 1
            server up
            advance 2h
            expect credited com.club.yearly 1
            server history
            wait
            expect credited com.club.yearly 1
            expect notified OFFER_REDEEMED.UPGRADE 1
            expect notified DID_CHANGE_RENEWAL_PREF.UPGRADE 0
            expect notifications pending 0
            expect audit ok
            """)
        let run = try StoreSimProcess.run(["run", "--catalog", Self.catalog, "--data-dir", folder.path + "/world", script])
        #expect(run.status == 0, "\(run.stdout)\(run.stderr)")
        let lines = run.stdout.split(separator: "\n").map { String($0.dropFirst(16)) }
        #expect(lines.contains("Store   ──▶ Server   notification OFFER_REDEEMED.UPGRADE tx 1000000000000002 (retry 1 of 5)"), "\(run.stdout)")
        #expect(lines.filter { $0.hasPrefix("Server               credit tx 1000000000000002 from notification OFFER_REDEEMED") }.count == 1,
                "\(run.stdout)")
    }

    /// A code for the plan the subscriber has tells OFFER_REDEEMED without a subtype, about the
    /// paid transaction that runs, whose renewal information names the offer the renewal is under.
    @Test func aCodeForTheCurrentPlanIsToldWithoutASubtypeNamingTheOfferForTheRenewal() throws {
        let folder = try TemporaryFolder()
        let script = try folder.write("same.scenario", """
            api storekit2
            server notifications on
            redeem JOIN
            wait
            redeem THANKS
            wait
            expect notified OFFER_REDEEMED 1
            expect credited com.club.monthly 1
            """)
        let world = folder.path + "/world"
        let run = try StoreSimProcess.run(["run", "--catalog", Self.catalog, "--data-dir", world, script])
        #expect(run.status == 0, "\(run.stdout)\(run.stderr)")
        let state = try StoreSimProcess.run(["state", "--json", "--data-dir", world])
        let json = try #require(try JSONSerialization.jsonObject(with: Data(state.stdout.utf8)) as? [String: Any])
        let listed = try #require(json["notifications"] as? [[String: Any]])
        let signed = try #require(listed.last?["signedPayload"] as? String)
        let told = try #require(JWSText.payload(of: signed))
        #expect(told["notificationType"] as? String == "OFFER_REDEEMED")
        #expect(told["subtype"] == nil)
        let data = try #require(told["data"] as? [String: Any])
        let transaction = try #require((data["signedTransactionInfo"] as? String).flatMap(JWSText.payload(of:)))
        let renewal = try #require((data["signedRenewalInfo"] as? String).flatMap(JWSText.payload(of:)))
        #expect(transaction["transactionId"] as? String == "1000000000000001")
        #expect(renewal["offerType"] as? Int == 3 && renewal["offerIdentifier"] as? String == "THANKS", "\(renewal)")
    }
}
