import Foundation
import Testing
import TestSupport

/// The notification lane driven in tmux through the binary under `--api storekit2`: with the
/// Server down the Store's notification waits for its retry; the clock moves, the retry fails
/// too; the Server comes back and the next retry is acknowledged. Apple, Responding to App Store
/// Server Notifications: "Send HTTP 200, or any HTTP code between 200 and 206, if the post was
/// successful" and "For version 2 notifications, it retries five times" (the simulated Store
/// counts its retry times from the first attempt).
@Suite(.serialized, .tags(.slow)) struct SlowNotificationLaneTests {
    @Test func theLaneShowsARetryThenTheDelivery() throws {
        let folder = try TemporaryFolder()
        let world = folder.path + "/world"
        let script = folder.path + "/down.scenario"
        try """
            api storekit2
            server notifications on
            server down
            buy com.storesim.coins.100
            """.write(toFile: script, atomically: true, encoding: .utf8)
        let prepared = try StoreSimProcess.run(["run", "--data-dir", world, script])
        #expect(prepared.status == 0, "\(prepared.stdout)\(prepared.stderr)")

        let session = try TmuxSession(command: "\(StoreSimProcess.binary) --data-dir \(world) --api storekit2")
        let summary = try session.waitFor("✉ 1 waiting (l lane)")
        #expect(summary.found, "\(summary.screen)")
        try session.send("l")
        let first = try session.waitFor("1/6   retry at 01-01 01:00")
        #expect(first.found, "\(first.screen)")
        #expect(first.screen.contains("Store → Server notifications (1)"))
        try session.send("t")
        #expect(try session.waitFor("Transactions").found)
        try session.send("1", "Escape")
        let retried = try session.waitFor("2/6   retry at 01-01 12:00")
        #expect(retried.found, "the retry an hour later failed too: \(retried.screen)")
        try session.send("f")
        #expect(try session.waitFor("Faults").found)
        try session.send("Down", "Enter", "Enter", "Escape")
        #expect(try session.waitFor("server up").found, "the Server is up again")
        try session.send("t")
        #expect(try session.waitFor("Transactions").found)
        try session.send("2", "Escape")
        let delivered = try session.waitFor("3/6   acknowledged")
        #expect(delivered.found, "the retry at 12:00 is acknowledged: \(delivered.screen)")
        try session.send("q")
        #expect(try session.waitFor("EXIT=0").found)
        let audit = try StoreSimProcess.run(["audit", "--json", "--data-dir", world])
        #expect(audit.stdout.contains("\"notificationsPending\": 0"), "\(audit.stdout)")
        #expect(audit.stdout.contains("\"ok\": true"), "\(audit.stdout)")
    }
}
