import Foundation
import Testing
import TestSupport

/// Notifications from the sandbox: the end its renewal cap puts to a subscription is told once,
/// and nothing the sandbox posts is retried.
@Suite struct SandboxNotificationTests {
    /// The transcript's lines without their times.
    private static func lines(_ stdout: String) -> [String] {
        stdout.split(separator: "\n").map { String($0.dropFirst(16)) }
    }

    /// Apple, notificationType EXPIRED: "A notification without a subtype indicates that the
    /// subscription expired for some other reason." The sandbox's cap ends the subscription with
    /// one such notification, whose renewal information says why (expirationIntent 5).
    @Test func theSandboxsLastPeriodEndsInOneExpiredNotificationWithoutASubtype() throws {
        let folder = try TemporaryFolder()
        let world = folder.path + "/world"
        let script = try folder.write("cap.scenario", """
            server notifications on
            store environment sandbox
            buy com.storesim.premium.monthly
            advance 400d
            expect credited com.storesim.premium.monthly 13
            advance 400d
            expect owned com.storesim.premium.monthly no
            expect notifications pending 0
            expect audit ok
            """)
        let run = try StoreSimProcess.run(["run", "--data-dir", world, script])
        #expect(run.status == 0, "\(run.stdout)\(run.stderr)")
        let posts = Self.lines(run.stdout).filter { $0.hasPrefix("Store   ──▶ Server   notification EXPIRED") }
        #expect(posts == ["Store   ──▶ Server   notification EXPIRED tx 1000000000000013"], "once, without a subtype, about the last renewal")
        #expect(Self.lines(run.stdout).filter { $0.hasPrefix("Store   ──▶ Server   notification DID_RENEW") }.count == 12)
        let state = try StoreSimProcess.run(["state", "--data-dir", world, "--json"])
        #expect(state.stdout.contains("{\"type\": \"EXPIRED\", \"transactionId\": \"1000000000000013\", \"attempts\": 1, \"delivered\": true}"))
        #expect(state.stdout.contains("\"entitlements\": [{\"productId\": \"com.storesim.premium.monthly\", \"expires\": \"2027-01-08 00:00:00\", \"account\": \"demo\"}]"),
                "the entitlement ends with the period of the twelfth renewal (the first month began with a week's trial)")
    }

    /// A subscriber who turned auto-renew off before the cap is told VOLUNTARY, not twice; in
    /// production the same clock renews on and tells no expiry.
    @Test func aVoluntaryEndIsNotToldAgainAndProductionRenewsOn() throws {
        let folder = try TemporaryFolder()
        let script = try folder.write("voluntary.scenario", """
            server notifications on
            store environment sandbox
            buy com.storesim.premium.monthly
            advance 300d
            subscription com.storesim.premium.monthly renew off
            advance 200d
            expect owned com.storesim.premium.monthly no
            store environment production
            buy com.storesim.premium.yearly
            advance 1100d
            expect owned com.storesim.premium.yearly yes
            expect audit ok
            """)
        let run = try StoreSimProcess.run(["run", script])
        #expect(run.status == 0, "\(run.stdout)\(run.stderr)")
        let expired = Self.lines(run.stdout).filter { $0.hasPrefix("Store   ──▶ Server   notification EXPIRED") }
        #expect(expired.count == 1 && expired.allSatisfy { $0.contains("EXPIRED.VOLUNTARY") })
    }

    /// Apple, "Responding to App Store Server Notifications": "Retry notifications are available
    /// only in the production environment. In the sandbox environment, the App Store server
    /// attempts to send the notification one time." Four days pass without a retry; the audit
    /// still counts the notification, which the Server's history can fetch.
    @Test func aSandboxNotificationIsPostedOnceAndReachedOnlyByTheHistory() throws {
        let folder = try TemporaryFolder()
        let world = folder.path + "/world"
        let script = try folder.write("once.scenario", """
            server notifications on
            store environment sandbox
            strategy finish-first
            server down
            buy com.storesim.coins.100
            wait
            server up
            advance 4d
            expect credited com.storesim.coins.100 0
            expect notifications pending 1
            """)
        let run = try StoreSimProcess.run(["run", "--data-dir", world, script])
        #expect(run.status == 0, "\(run.stdout)\(run.stderr)")
        #expect(!run.stdout.contains("(retry"), "the sandbox never retries")
        let state = try StoreSimProcess.run(["state", "--data-dir", world, "--json"])
        #expect(state.stdout.contains(
            "\"notifications\": [{\"type\": \"ONE_TIME_CHARGE\", \"transactionId\": \"1000000000000001\", \"attempts\": 1, \"delivered\": false}]"))
        let audit = try StoreSimProcess.run(["audit", "--data-dir", world, "--json"])
        #expect(audit.stdout.contains("\"notificationsPending\": 1"))
        let history = try folder.write("history.scenario", """
            server history
            expect credited com.storesim.coins.100 1
            expect notifications pending 0
            expect audit ok
            """)
        let fetched = try StoreSimProcess.run(["run", "--data-dir", world, history])
        #expect(fetched.status == 0, "\(fetched.stdout)\(fetched.stderr)")
    }

    /// The same miss in production is retried an hour later and credited without the history.
    @Test func theSameMissInProductionIsRetried() throws {
        let folder = try TemporaryFolder()
        let script = try folder.write("retried.scenario", """
            server notifications on
            strategy finish-first
            server down
            buy com.storesim.coins.100
            wait
            server up
            advance 2h
            expect credited com.storesim.coins.100 1
            expect notifications pending 0
            expect audit ok
            """)
        let run = try StoreSimProcess.run(["run", script])
        #expect(run.status == 0, "\(run.stdout)\(run.stderr)")
        #expect(run.stdout.contains("notification ONE_TIME_CHARGE tx 1000000000000001 (retry 1 of 5)"))
    }
}
