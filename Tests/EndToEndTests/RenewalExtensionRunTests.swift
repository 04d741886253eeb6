import Foundation
import Testing
import TestSupport

/// `server extend` as a user runs it. Apple, Extend a Subscription Renewal Date: "Extends the
/// renewal date of a customer's active subscription using the original transaction identifier."
/// "Use this endpoint to compensate your customers for temporary service outages, canceled
/// events, or interruptions to live streamed events by extending the renewal date of their paid,
/// active subscription." RENEWAL_EXTENDED: "A notification type that indicates the App Store
/// extended the subscription renewal date for a specific subscription."
@Suite struct RenewalExtensionRunTests {
    /// The transcript's events without their times (not the script's lines nor the checks).
    private static func lines(_ stdout: String) -> [String] {
        stdout.split(separator: "\n").filter { $0.dropFirst(2).first?.isNumber == true }.map { String($0.dropFirst(16)) }
    }

    /// A yearly subscription, paid from the first day, bought with notifications on.
    private static let bought = """
        api storekit2
        server notifications on
        buy com.storesim.premium.yearly
        wait

        """

    @Test func theExtensionIsAnsweredNotifiedAndTheEntitlementRunsToTheNewEnd() throws {
        let folder = try TemporaryFolder()
        let world = folder.path + "/world"
        let script = try folder.write("extend.scenario", Self.bought + """
            server extend com.storesim.premium.yearly 30 3
            expect notifications pending 0
            expect audit ok
            """)
        let run = try StoreSimProcess.run(["run", "--data-dir", world, script])
        #expect(run.status == 0, "\(run.stdout)\(run.stderr)")
        let told = Self.lines(run.stdout).drop { !$0.hasPrefix("User: the Server extends") }.map { $0 }
        #expect(told == [
            "User: the Server extends the renewal date of com.storesim.premium.yearly by 30 days",
            "Server  ──▶ Store    Extend a Subscription Renewal Date of original tx 1000000000000001 by 30 days (extendReasonCode 3)",
            "Server  ··✓ Store    Extend a Subscription Renewal Date of original tx 1000000000000001 by 30 days (extendReasonCode 3)",
            "Store   ──▶ Server   renewal date extended: original tx 1000000000000001 now renews 2027-01-31 00:00:00 (success true)",
            "Store   ──▶ Server   notification RENEWAL_EXTENDED tx 1000000000000001",
            "Store   ··✓ Server   renewal date extended: original tx 1000000000000001 now renews 2027-01-31 00:00:00 (success true)",
            "Store   ··✓ Server   notification RENEWAL_EXTENDED tx 1000000000000001",
            "Server  ──▶ Store    HTTP 200 for notification RENEWAL_EXTENDED tx 1000000000000001",
            "Server  ··✓ Store    HTTP 200 for notification RENEWAL_EXTENDED tx 1000000000000001",
        ], "\(run.stdout)")
        let state = try StoreSimProcess.run(["state", "--data-dir", world, "--json"])
        #expect(state.stdout.contains(#""entitlements": [{"productId": "com.storesim.premium.yearly", "expires": "2027-01-31 00:00:00""#),
                "\(state.stdout)")
        #expect(state.stdout.contains(#"{"type": "RENEWAL_EXTENDED", "transactionId": "1000000000000001", "attempts": 1, "delivered": true"#))
    }

    /// Still owned after the original end, and the renewal is charged at the new date, not the old.
    @Test func theSubscriptionIsOwnedPastItsOldEndAndRenewsAtTheNewOne() throws {
        let folder = try TemporaryFolder()
        let world = folder.path + "/world"
        let script = try folder.write("later.scenario", Self.bought + """
            server extend com.storesim.premium.yearly 30
            advance 366d
            expect owned com.storesim.premium.yearly yes
            expect credited com.storesim.premium.yearly 1
            advance 30d
            expect credited com.storesim.premium.yearly 2
            expect audit ok
            """)
        let run = try StoreSimProcess.run(["run", "--data-dir", world, script])
        #expect(run.status == 0, "\(run.stdout)\(run.stderr)")
        let state = try StoreSimProcess.run(["state", "--data-dir", world, "--json"])
        #expect(state.stdout.contains(#""kind": "renewal", "charged": true, "finished": true, "refunded": false, "date": "2027-01-31 00:00:00""#),
                "\(state.stdout)")
    }

    /// Without notifications, under StoreKit 1, the response alone carries the entitlement, and
    /// the receipt the app checks at its next launch tells the same end.
    @Test func theResponseAloneCarriesTheEntitlementUnderStoreKit1() throws {
        let folder = try TemporaryFolder()
        let script = try folder.write("sk1.scenario", """
            buy com.storesim.premium.yearly
            wait
            server extend com.storesim.premium.yearly 10
            quit
            advance 367d
            launch
            expect owned com.storesim.premium.yearly yes
            expect credited com.storesim.premium.yearly 1
            expect audit ok
            """)
        let run = try StoreSimProcess.run(["run", script])
        #expect(run.status == 0, "\(run.stdout)\(run.stderr)")
        #expect(Self.lines(run.stdout).contains(
            "Store   ──▶ Server   renewal date extended: original tx 1000000000000001 now renews 2027-01-11 00:00:00 (success true)"))
        #expect(!Self.lines(run.stdout).contains { $0.contains("RENEWAL_EXTENDED") })
    }

    /// Apple's limits: each refusal is the Store's answer in one line naming Apple's error, and
    /// changes nothing.
    @Test(arguments: [
        ("server extend com.storesim.premium.yearly 91",
         "extendByDays is a number from 1 to 90 (InvalidExtendByDaysError 4000009)"),
        ("server extend com.storesim.premium.yearly 0",
         "extendByDays is a number from 1 to 90 (InvalidExtendByDaysError 4000009)"),
        ("server extend com.storesim.premium.yearly 5 4",
         "extendReasonCode is 0, 1, 2 or 3 (InvalidExtendReasonCodeError 4000010)"),
        ("server extend com.storesim.premium.yearly 5\nserver extend com.storesim.premium.yearly 5\nserver extend com.storesim.premium.yearly 5",
         "the subscription was extended twice within the past 365 days (SubscriptionMaxExtensionError 4030005)"),
        ("subscription com.storesim.premium.yearly expire\nserver extend com.storesim.premium.yearly 5",
         "only an active subscription is eligible (not expired, refunded or in billing retry) (SubscriptionExtensionIneligibleError 4030004)"),
    ])
    func anExtensionAppleDoesNotAllowIsAnsweredWithAppleError(_ lines: String, _ why: String) throws {
        let folder = try TemporaryFolder()
        let script = try folder.write("refused.scenario", Self.bought + lines + "\nexpect notifications pending 0\nexpect audit ok\n")
        let run = try StoreSimProcess.run(["run", script])
        #expect(run.status == 0, "\(run.stdout)\(run.stderr)")
        let transcript = Self.lines(run.stdout)
        #expect(transcript.contains("Store   ──▶ Server   renewal date not extended: original tx 1000000000000001: \(why)"), "\(run.stdout)")
        // Only an extension granted is notified.
        #expect(transcript.filter { $0.hasPrefix("Store   ──▶ Server   notification RENEWAL_EXTENDED") }.count
                    == transcript.filter { $0.hasPrefix("Store   ──▶ Server   renewal date extended") }.count)
    }

    /// A free trial is "a free offer period", not eligible.
    @Test func aFreeTrialIsNotEligible() throws {
        let folder = try TemporaryFolder()
        let script = try folder.write("trial.scenario", "buy com.storesim.premium.monthly\nserver extend com.storesim.premium.monthly 7\n")
        let run = try StoreSimProcess.run(["run", script])
        #expect(run.status == 0, "\(run.stdout)\(run.stderr)")
        #expect(Self.lines(run.stdout).contains("Store   ──▶ Server   renewal date not extended: original tx 1000000000000001: "
            + "a subscription in a free offer period is not eligible (SubscriptionExtensionIneligibleError 4030004)"))
    }

    /// Apple: "When this endpoint extends eligible purchased subscriptions that support Family
    /// Sharing, it automatically extends the family members' subscriptions as well. However, the
    /// endpoint doesn't support requests to extend a family member's subscription directly."
    @Test func aFamilyMembersShareFollowsThePurchasersNewEnd() throws {
        let folder = try TemporaryFolder()
        let script = try folder.write("family.scenario", """
            api storekit2
            server notifications on
            account kid
            account demo
            family add kid
            buy com.storesim.premium.yearly
            wait
            account kid
            quit
            launch
            expect shared com.storesim.premium.yearly yes
            account demo
            server extend com.storesim.premium.yearly 30
            expect notifications pending 0
            account kid
            advance 370d
            expect shared com.storesim.premium.yearly yes
            server extend com.storesim.premium.yearly 5
            expect audit ok
            """)
        let run = try StoreSimProcess.run(["run", script])
        #expect(run.status == 0, "\(run.stdout)\(run.stderr)")
        let lines = Self.lines(run.stdout)
        #expect(lines.filter { $0.hasPrefix("Store   ──▶ Server   notification RENEWAL_EXTENDED") }.count == 2, "\(run.stdout)")
        #expect(lines.contains("Store   ──▶ Server   renewal date not extended: original tx 1000000000000002: "
            + "a family member's subscription is extended only with the purchaser's (SubscriptionExtensionIneligibleError 4030004)"))
    }

    /// What the Server cannot send is refused in one line (exit 2).
    @Test(arguments: [
        ("server extend com.storesim.premium.yearly 5",
         "the Server credited this account no subscription to com.storesim.premium.yearly: it has no original transaction id to extend"),
        ("buy com.storesim.premium.yearly\nwait\nserver down\nserver extend com.storesim.premium.yearly 5",
         "the Server is down: it cannot call Extend a Subscription Renewal Date"),
    ])
    func anExtensionTheServerCannotSendIsRefusedInOneLine(_ script: String, _ why: String) throws {
        try RefusedScript.expectRefusedInOneLine(script, why)
    }
}
