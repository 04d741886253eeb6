import Foundation
import Testing
import TestSupport

/// A refund request the Store holds until it decides. Apple, `REFUND_DECLINED`: "A notification
/// type that indicates the App Store declined a refund request."
@Suite struct RefundRequestTests {
    /// A declined request revokes nothing: the Server, told by REFUND_DECLINED, keeps the coins and
    /// the entitlement, and the audit counts no refund.
    @Test func aDeclinedRequestRevokesNothingAndIsTold() throws {
        let folder = try TemporaryFolder()
        let world = folder.path + "/world"
        let run = try StoreSimProcess.run(["run", "--data-dir", world] + ScenarioFilesTests.runArguments("notifications-refund-declined.scenario"))
        #expect(run.status == 0, "\(run.stdout)\(run.stderr)")
        let lines = run.stdout.split(separator: "\n").map { String($0.dropFirst(16)) }
        #expect(lines.contains("User: the customer asks the Store to refund the latest com.storesim.coins.100"), "\(run.stdout)")
        #expect(lines.contains("User: the Store declines the refund request of the latest com.storesim.coins.100"), "\(run.stdout)")
        #expect(lines.contains("Store   ──▶ Server   notification REFUND_DECLINED tx 1000000000000001"), "\(run.stdout)")
        #expect(!run.stdout.contains("takes back"), "\(run.stdout)")
        let audit = try StoreSimProcess.run(["audit", "--data-dir", world, "--json"])
        #expect(audit.stdout.contains("\"refunded\": 1, \"overcharged\": 0, \"notificationsPending\": 0, \"balanceMismatches\": 0, \"ok\": true}"),
                "\(audit.stdout)")
    }

    /// The Store declines only a request that waits, and holds one request of a transaction at a time.
    @Test func onlyAWaitingRequestIsDeclinedAndARequestIsMadeOnce() throws {
        let folder = try TemporaryFolder()
        let declined = try folder.write("declined.scenario", """
            buy com.storesim.pro
            refund decline 1000000000000001
            """)
        let refused = try StoreSimProcess.run(["run", "--data-dir", folder.path + "/one", declined])
        #expect(refused.status != 0)
        #expect((refused.stdout + refused.stderr).contains("no refund request of transaction 1000000000000001 waits for the Store's decision"),
                "\(refused.stdout)\(refused.stderr)")
        let twice = try folder.write("twice.scenario", """
            buy com.storesim.pro
            refund request com.storesim.pro
            refund request 1000000000000001
            """)
        let again = try StoreSimProcess.run(["run", "--data-dir", folder.path + "/two", twice])
        #expect(again.status != 0)
        #expect((again.stdout + again.stderr).contains(
            "a refund of transaction 1000000000000001 was requested already and waits for the Store's decision"), "\(again.stdout)\(again.stderr)")
    }

    /// Apple, CONSUMPTION_REQUEST: "…the customer initiated a refund request for a consumable In-App
    /// Purchase or auto-renewable subscription, and the App Store is requesting that you provide
    /// consumption data." The Server answers with Send Consumption Information before the Store
    /// decides; a non-consumable's request asks for nothing.
    @Test func aConsumableRequestAsksForConsumptionDataAndTheServerSendsItBeforeTheDecision() throws {
        let folder = try TemporaryFolder()
        let run = try StoreSimProcess.run(["run", "--data-dir", folder.path + "/world"]
                                          + ScenarioFilesTests.runArguments("notifications-consumption-request.scenario"))
        #expect(run.status == 0, "\(run.stdout)\(run.stderr)")
        let lines = run.stdout.split(separator: "\n").map { String($0.dropFirst(16)) }
        let asked = lines.firstIndex(of: "Store   ──▶ Server   notification CONSUMPTION_REQUEST tx 1000000000000001")
        let sent = lines.firstIndex(of: "Server  ──▶ Store    Send Consumption Information tx 1000000000000001: customer consented, delivered")
        let decided = lines.firstIndex(of: "User: the Store declines the refund request of the latest com.storesim.coins.100")
        #expect(asked != nil && sent != nil && decided != nil, "\(run.stdout)")
        if let asked, let sent, let decided { #expect(asked < sent && sent < decided) }
        #expect(lines.filter { $0.hasPrefix("Store   ──▶ Server   notification CONSUMPTION_REQUEST") }.count == 2, "\(run.stdout)")
    }
}
