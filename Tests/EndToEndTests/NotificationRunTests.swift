import Foundation
import Testing
import TestSupport

/// App Store Server Notifications V2 across runs of one world: the switch and the notifications
/// the Store still owes are kept on disk, and a later run's retry reaches the Server, which can
/// verify it (the chain is loaded again even under StoreKit 1). Apple: "For version 2
/// notifications, it retries five times, at 1, 12, 24, 48, and 72 hours after the previous attempt."
@Suite struct NotificationRunTests {
    @Test func aNotificationMissedInOneRunIsRetriedAndCreditedInTheNext() throws {
        let folder = try TemporaryFolder()
        let world = folder.path + "/world"
        let first = try folder.write("first.scenario", """
            server notifications on
            server down
            strategy finish-first
            buy com.storesim.coins.100
            expect notifications pending 1
            """)
        let missed = try StoreSimProcess.run(["run", "--data-dir", world, first])
        #expect(missed.status == 0, "\(missed.stdout)\(missed.stderr)")
        let second = try folder.write("second.scenario", """
            server up
            advance 2h
            expect credited com.storesim.coins.100 1
            expect notifications pending 0
            expect audit ok
            """)
        let retried = try StoreSimProcess.run(["run", "--data-dir", world, second])
        #expect(retried.status == 0, "\(retried.stdout)\(retried.stderr)")
        let lines = retried.stdout.split(separator: "\n").map { String($0.dropFirst(16)) }
        #expect(lines.contains("Store   ──▶ Server   notification ONE_TIME_CHARGE tx 1000000000000001 (retry 1 of 5)"))
        #expect(lines.contains("Server  ──▶ Store    HTTP 200 for notification ONE_TIME_CHARGE tx 1000000000000001"))
        let state = try StoreSimProcess.run(["state", "--data-dir", world, "--json"])
        #expect(state.stdout.contains(
            "\"notifications\": [{\"type\": \"ONE_TIME_CHARGE\", \"transactionId\": \"1000000000000001\", \"attempts\": 2, \"delivered\": true}]"))
        let audit = try StoreSimProcess.run(["audit", "--data-dir", world, "--json"])
        #expect(audit.stdout.contains("\"refunded\": 0, \"overcharged\": 0, \"notificationsPending\": 0, \"balanceMismatches\": 0, \"ok\": true}"))
    }

    /// Get Notification History does not depend on the notification URL: with notifications
    /// turned off afterwards, in a later run, under StoreKit 1, the Server still verifies what
    /// it fetches against the root it pinned and credits the purchase it missed.
    @Test func theHistoryIsFetchedAndVerifiedWithNotificationsOffInALaterRun() throws {
        let folder = try TemporaryFolder()
        let world = folder.path + "/world"
        let first = try folder.write("first.scenario", """
            server notifications on
            strategy finish-first
            server down
            buy com.storesim.coins.100
            wait
            crash
            advance 4d
            server up
            server notifications off
            expect credited com.storesim.coins.100 0
            """)
        let missed = try StoreSimProcess.run(["run", "--data-dir", world, first])
        #expect(missed.status == 0, "\(missed.stdout)\(missed.stderr)")
        let second = try folder.write("second.scenario", """
            server history
            expect credited com.storesim.coins.100 1
            expect notifications pending 0
            expect audit ok
            """)
        let fetched = try StoreSimProcess.run(["run", "--data-dir", world, second])
        #expect(fetched.status == 0, "\(fetched.stdout)\(fetched.stderr)")
        #expect(!fetched.stdout.contains("not verified"), "\(fetched.stdout)")
    }
}
