import Foundation
import Testing
import TestSupport

/// `server test-notification` as a user runs it. Apple, Request a Test Notification: "Use this
/// endpoint to test if your server is receiving App Store Server Notifications at the URLs that
/// you configured in App Store Connect." It "prompts the App Store server to send your server a
/// notification with the TEST notificationType", which the Store posts, retries and keeps in its
/// history like any other. Get Test Notification Status: "Check the status of the test App Store
/// server notification sent to your server."
@Suite struct TestNotificationRunTests {
    /// The transcript's events without their times (not the script's lines nor the checks).
    private static func lines(_ stdout: String) -> [String] {
        stdout.split(separator: "\n").filter { $0.dropFirst(2).first?.isNumber == true }.map { String($0.dropFirst(16)) }
    }

    @Test func theTestNotificationIsPostedVerifiedAcknowledgedAndCreditsNothing() throws {
        let folder = try TemporaryFolder()
        let world = folder.path + "/world"
        let script = try folder.write("test.scenario", """
            server notifications on
            server test-notification
            expect notifications pending 0
            expect audit ok
            """)
        let run = try StoreSimProcess.run(["run", "--data-dir", world, "--seed", "1", script])
        #expect(run.status == 0, "\(run.stdout)\(run.stderr)")
        let lines = Self.lines(run.stdout)
        let told = lines.drop { !$0.hasPrefix("User: the Server requests a test notification") }.map { $0 }
        #expect(told == [
            "User: the Server requests a test notification",
            "Server  ──▶ Store    Request a Test Notification",
            "Server  ··✓ Store    Request a Test Notification",
            "Store   ──▶ Server   testNotificationToken 1f5fa40b-1ca0-4b68-b7b3-0226ea7cf7fe",
            "Store   ──▶ Server   notification TEST",
            "Store   ··✓ Server   testNotificationToken 1f5fa40b-1ca0-4b68-b7b3-0226ea7cf7fe",
            "Store   ··✓ Server   notification TEST",
            "Server  ──▶ Store    HTTP 200 for notification TEST",
            "Server  ··✓ Store    HTTP 200 for notification TEST",
        ], "\(run.stdout)")
        let state = try StoreSimProcess.run(["state", "--data-dir", world, "--json"])
        #expect(state.stdout.contains(#""notifications": [{"type": "TEST", "transactionId": null, "attempts": 1, "delivered": true}]"#),
                "\(state.stdout)")
        #expect(state.stdout.contains(#""credits": [], "balances": {}, "entitlements": []"#))
        let audit = try StoreSimProcess.run(["audit", "--data-dir", world, "--json"])
        #expect(audit.stdout.contains(#""notificationsPending": 0, "balanceMismatches": 0, "ok": true}"#))
    }

    /// With the notifications off the Store has no URL to post to; rather than a request that
    /// Apple would answer with `ServerNotificationURLNotFoundError`, the command is refused in
    /// one line that says so, and so is a status before any test.
    @Test(arguments: [
        ("server test-notification", "server notifications are off: the Store has no URL to send a TEST notification to (Apple answers "
            + "ServerNotificationURLNotFoundError); use 'server notifications on' first"),
        ("server notifications on\nserver test-notification status",
         "the Server has no testNotificationToken: it requested no test notification; use 'server test-notification' first"),
        ("server notifications on\nserver down\nserver test-notification",
         "the Server is down: it cannot call Request a Test Notification or Get Test Notification Status"),
    ])
    func aTestTheWorldCannotMakeIsRefusedInOneLine(_ script: String, _ why: String) throws {
        try RefusedScript.expectRefusedInOneLine(script, why)
    }

    /// A request still on its way when the notifications go off finds no URL: the Store answers
    /// Apple's `ServerNotificationURLNotFoundError` ("the App Store server couldn't find a
    /// notifications URL for your app in the environment") and posts nothing.
    @Test func aRequestOnItsWayWhenNotificationsGoOffFindsNoURL() throws {
        let folder = try TemporaryFolder()
        let script = try folder.write("off.scenario", """
            server notifications on
            server test-notification
            server notifications off
            wait
            expect notifications pending 0
            """)
        let run = try StoreSimProcess.run(["run", script])
        #expect(run.status == 0, "\(run.stdout)\(run.stderr)")
        let lines = Self.lines(run.stdout)
        #expect(lines.contains("Store   ──▶ Server   no notifications URL: notifications are off (ServerNotificationURLNotFoundError)"))
        #expect(!lines.contains { $0.contains("notification TEST") })
    }

    /// The Server goes down once the Store's token reached it: the TEST notification is missed,
    /// retried an hour later, and in a later run (the token kept in server.sqlite) the status
    /// tells both attempts.
    @Test func aTestMissedWhileTheServerIsDownIsRetriedAndALaterRunsStatusTellsBothAttempts() throws {
        let folder = try TemporaryFolder()
        let world = folder.path + "/world"
        let first = try folder.write("first.scenario", """
            server notifications on
            server test-notification
            deliver 2
            server down
            wait
            expect notifications pending 1
            server up
            advance 1h
            expect notifications pending 0
            """)
        let missed = try StoreSimProcess.run(["run", "--data-dir", world, first])
        #expect(missed.status == 0, "\(missed.stdout)\(missed.stderr)")
        let lines = Self.lines(missed.stdout)
        #expect(lines.contains("Store   ··✗ Server   notification TEST ✗ the Server is down"))
        #expect(lines.contains("Store   ──▶ Server   notification TEST (retry 1 of 5)"))
        #expect(lines.contains("Server  ──▶ Store    HTTP 200 for notification TEST"))
        let second = try folder.write("second.scenario", "server test-notification status\n")
        let status = try StoreSimProcess.run(["run", "--data-dir", world, second])
        #expect(status.status == 0, "\(status.stdout)\(status.stderr)")
        #expect(Self.lines(status.stdout).contains("Store   ──▶ Server   test notification status: sendAttempts NO_RESPONSE, SUCCESS"),
                "\(status.stdout)")
    }

    /// The sandbox posts the TEST notification once: missed, it waits for Get Notification
    /// History, which the Server processes without an HTTP 200 (no post to answer).
    @Test func theHistoryFetchesATestTheSandboxPostedOnce() throws {
        let folder = try TemporaryFolder()
        let script = try folder.write("sandbox.scenario", """
            server notifications on
            store environment sandbox
            server test-notification
            deliver 2
            server down
            advance 4d
            expect notifications pending 1
            server up
            server history
            expect notifications pending 0
            expect audit ok
            """)
        let run = try StoreSimProcess.run(["run", script])
        #expect(run.status == 0, "\(run.stdout)\(run.stderr)")
        let lines = Self.lines(run.stdout)
        #expect(lines.filter { $0.hasPrefix("Store   ──▶ Server   notification TEST") } == ["Store   ──▶ Server   notification TEST"])
        #expect(lines.contains("Store   ··✓ Server   notification history: 1 notifications"))
        #expect(lines.filter { $0.contains("HTTP 200") }.isEmpty)
    }
}
