import Foundation
import Testing
import TestSupport

/// Apple, `REFUND_REVERSED`: "A notification type that indicates the App Store reversed a
/// previously granted refund due to a dispute that the customer raised. If your app revoked
/// content or services as a result of the related refund, it needs to reinstate them."
@Suite struct RefundReversalTests {
    /// The reversal's notification delivered twice (its HTTP 200 lost, posted again an hour
    /// later) gives the coins back once: the second delivery finds the refund's take-back given
    /// back already and grants nothing; the audit counts no refund and a balance that adds up.
    @Test func aReversalDeliveredTwiceGivesTheCoinsBackOnce() throws {
        let folder = try TemporaryFolder()
        let script = try folder.write("reversal.scenario", """
            server notifications on
            buy com.storesim.coins.100
            refund com.storesim.coins.100
            expect balance coins 0
            server drop-response
            refund reverse com.storesim.coins.100
            wait
            expect balance coins 100
            expect notifications pending 1
            server up
            advance 2h
            expect notifications pending 0
            expect balance coins 100
            expect credited com.storesim.coins.100 1
            expect audit ok
            """)
        let world = folder.path + "/world"
        let run = try StoreSimProcess.run(["run", "--data-dir", world, script])
        #expect(run.status == 0, "\(run.stdout)\(run.stderr)")
        let lines = run.stdout.split(separator: "\n").map { String($0.dropFirst(16)) }
        #expect(lines.filter { $0.hasSuffix("refund of tx 1000000000000001 reversed: the Server grants again coins 100") }.count == 1,
                "\(run.stdout)")
        #expect(lines.contains("Store   ──▶ Server   notification REFUND_REVERSED tx 1000000000000001 (retry 1 of 5)"), "\(run.stdout)")
        let audit = try StoreSimProcess.run(["audit", "--data-dir", world, "--json"])
        #expect(audit.stdout.contains("\"refunded\": 0, \"overcharged\": 0, \"notificationsPending\": 0, \"balanceMismatches\": 0, \"ok\": true}"),
                "\(audit.stdout)")
    }

    /// A refund that took nothing (the coins never credited) gives nothing back on its reversal,
    /// and the credit made after the reversal is the purchase's one credit.
    @Test func aReversalOfARefundThatTookNothingGivesNothing() throws {
        let folder = try TemporaryFolder()
        let script = try folder.write("nothing.scenario", """
            server notifications on
            server down
            strategy finish-first
            buy com.storesim.coins.100
            wait
            refund com.storesim.coins.100
            refund reverse com.storesim.coins.100
            server up
            advance 2h
            expect credited com.storesim.coins.100 1
            expect balance coins 100
            expect audit ok
            """)
        let run = try StoreSimProcess.run(["run", "--data-dir", folder.path + "/world", script])
        #expect(run.status == 0, "\(run.stdout)\(run.stderr)")
        #expect(!run.stdout.contains("grants again"), "\(run.stdout)")
    }

    /// Only a refunded transaction's refund can be reversed; the refusal names why.
    @Test func aTransactionNotRefundedHasNoRefundToReverse() throws {
        let folder = try TemporaryFolder()
        let script = try folder.write("refused.scenario", """
            buy com.storesim.pro
            refund reverse 1000000000000001
            """)
        let run = try StoreSimProcess.run(["run", "--data-dir", folder.path + "/world", script])
        #expect(run.status != 0)
        #expect((run.stdout + run.stderr).contains("transaction 1000000000000001 is not refunded: there is no refund to reverse"),
                "\(run.stdout)\(run.stderr)")
    }

    /// The reinstated transaction, signed again, has none of the refund's revocation fields, and
    /// Apple's library verifies the REFUND_REVERSED notification and the transaction in it.
    @Test(.enabled(if: AppleLibraryVerificationTests.pythonHasAppleLibrary,
                   "python3 cannot import appstoreserverlibrary here; .ci/run installs it"))
    func theReinstatedTransactionAndItsNotificationPassApplesVerifier() throws {
        let folder = try TemporaryFolder()
        let world = folder.path + "/world"
        let run = try StoreSimProcess.run(["run", "--data-dir", world] + ScenarioFilesTests.runArguments("notifications-refund-reversed.scenario"))
        #expect(run.status == 0, "\(run.stdout)\(run.stderr)")
        let state = try StoreSimProcess.run(["state", "--json", "--data-dir", world])
        let path = folder.path + "/state.json"
        try state.stdout.write(toFile: path, atomically: true, encoding: .utf8)
        let decode = """
            import base64, json, sys
            state = json.load(open(sys.argv[1]))
            for transaction in state["transactions"]:
                part = transaction["signedTransaction"].split(".")[1]
                payload = json.loads(base64.urlsafe_b64decode(part + "=" * (-len(part) % 4)))
                print(transaction["id"], sorted(key for key in payload if key.startswith("revocation")))
            """
        let fields = try StoreSimProcess.run(["python3", "-c", decode, path], executable: "/usr/bin/env")
        #expect(fields.stdout == "1000000000000001 []\n1000000000000002 []\n", "\(fields.stdout)\(fields.stderr)")
        let checked = try StoreSimProcess.run(["python3", AppleLibraryVerificationTests.checker, path], executable: "/usr/bin/env")
        #expect(checked.status == 0, "\(checked.stdout)")
        let reversals = checked.stdout.split(separator: "\n").filter { $0.hasPrefix("notification REFUND_REVERSED of tx ") }
        #expect(reversals.count == 2 && reversals.allSatisfy { $0.hasSuffix(" Production verified") }, "\(checked.stdout)")
    }
}
