import Foundation
import Testing
import TestSupport

/// A `signedTransaction` from `storesim state --json` verifies outside StoreSim, with Python's
/// `cryptography` and nothing of StoreSim's, against the `rootCertificate` beside it. Apple, on
/// `jwsRepresentation`: "Use this JSON Web Signature (JWS) value to perform your own JWS
/// verification on your server or on the device."
@Suite struct IndependentJWSVerificationTests {
    static let checker = StoreSimProcess.projectRoot.appendingPathComponent("Scripts/verify-signed-transactions.py").path

    /// Whether `python3` can import `cryptography` here; CI installs it (`.ci/run`).
    static let pythonHasCryptography: Bool = {
        guard let result = try? StoreSimProcess.run(["python3", "-c", "import cryptography"], executable: "/usr/bin/env") else {
            return false
        }
        return result.status == 0
    }()

    /// The state of a StoreKit 2 world after a consumable, a non-consumable and a subscription
    /// that renewed, written to a file.
    private func state(in folder: TemporaryFolder) throws -> (path: String, json: String) {
        let script = try folder.write("buy.scenario", """
            buy com.storesim.coins.100
            buy com.storesim.pro
            buy com.storesim.premium.monthly
            advance 8d
            expect audit ok
            """)
        let world = folder.path + "/world"
        let run = try StoreSimProcess.run(["run", "--api", "storekit2", "--data-dir", world, script])
        #expect(run.status == 0, "\(run.stdout)\(run.stderr)")
        let state = try StoreSimProcess.run(["state", "--json", "--data-dir", world])
        #expect(state.status == 0)
        let path = folder.path + "/state.json"
        try state.stdout.write(toFile: path, atomically: true, encoding: .utf8)
        return (path, state.stdout)
    }

    @Test(.enabled(if: pythonHasCryptography, "python3 cannot import cryptography here; .ci/run installs it"))
    func everySignedTransactionVerifiesAgainstTheRootCertificate() throws {
        let folder = try TemporaryFolder()
        let (path, _) = try state(in: folder)
        let result = try StoreSimProcess.run(["python3", Self.checker, path], executable: "/usr/bin/env")
        #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
        #expect(result.stdout.contains("verified tx 1000000000000001 com.storesim.coins.100 Consumable price 990 USD\n"))
        #expect(result.stdout.contains("verified tx 1000000000000002 com.storesim.pro Non-Consumable price 9990 USD\n"))
        #expect(result.stdout.contains(" com.storesim.premium.monthly Auto-Renewable Subscription price 0 USD\n"))
        #expect(result.stdout.hasSuffix("4 signed transactions verified against the root certificate\n"))
    }

    @Test(.enabled(if: pythonHasCryptography, "python3 cannot import cryptography here; .ci/run installs it"))
    func theCheckerRefusesATamperedTransactionAndAnotherRoot() throws {
        let folder = try TemporaryFolder()
        let (path, json) = try state(in: folder)
        var state = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
        var transactions = try #require(state["transactions"] as? [[String: Any]])
        let jws = try #require(transactions[0]["signedTransaction"] as? String)
        #expect(JWSText.payload(of: jws)?["productId"] as? String == "com.storesim.coins.100")
        let forged = try #require(JWSText.forged(jws, replacing: "com.storesim.coins.100", with: "com.storesim.coins.550"))
        transactions[0]["signedTransaction"] = forged
        state["transactions"] = transactions
        try JSONSerialization.data(withJSONObject: state).write(to: URL(fileURLWithPath: path))
        let tampered = try StoreSimProcess.run(["python3", Self.checker, path], executable: "/usr/bin/env")
        #expect(tampered.status == 1)
        #expect(tampered.stdout.hasPrefix("tx 1000000000000001: NOT VERIFIED: InvalidSignature"), "\(tampered.stdout)")

        let other = try TemporaryFolder()
        let script = try other.write("one.scenario", "buy com.storesim.coins.100\n")
        _ = try StoreSimProcess.run(["run", "--api", "storekit2", "--seed", "2", "--data-dir", other.path + "/world", script])
        let otherState = try StoreSimProcess.run(["state", "--json", "--data-dir", other.path + "/world"])
        var foreign = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
        let otherRoot = try #require(try JSONSerialization.jsonObject(with: Data(otherState.stdout.utf8)) as? [String: Any])
        foreign["rootCertificate"] = otherRoot["rootCertificate"]
        try JSONSerialization.data(withJSONObject: foreign).write(to: URL(fileURLWithPath: path))
        let wrongRoot = try StoreSimProcess.run(["python3", Self.checker, path], executable: "/usr/bin/env")
        #expect(wrongRoot.status == 1)
        #expect(wrongRoot.stdout.contains("NOT VERIFIED: ValueError: the chain does not end in the pinned root certificate"))
    }

    /// Apple, responseBodyV2DecodedPayload: the `signedPayload` is "signed by the App Store, in
    /// JSON Web Signature (JWS) format"; its `data` holds the transaction and the renewal
    /// information, each a JWS of their own. The checker verifies all three of each notification.
    @Test(.enabled(if: pythonHasCryptography, "python3 cannot import cryptography here; .ci/run installs it"))
    func everyNotificationVerifiesWithItsTransactionAndRenewalInformation() throws {
        let folder = try TemporaryFolder()
        let world = folder.path + "/world"
        let script = try folder.write("grace.scenario", """
            server notifications on
            store grace-period on 16d
            buy com.storesim.premium.monthly
            subscription com.storesim.premium.monthly billing fail
            advance 30d
            """)
        _ = try StoreSimProcess.run(["run", "--api", "storekit2", "--data-dir", world, script])
        let state = try StoreSimProcess.run(["state", "--json", "--data-dir", world])
        let path = try folder.write("state.json", state.stdout)
        let result = try StoreSimProcess.run(["python3", Self.checker, path], executable: "/usr/bin/env")
        #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
        #expect(result.stdout.hasPrefix("""
            verified notification SUBSCRIBED.INITIAL_BUY tx 1000000000000001 renewal autoRenewStatus=1 \
            autoRenewProductId=com.storesim.premium.monthly isInBillingRetryPeriod=False
            verified notification DID_FAIL_TO_RENEW.GRACE_PERIOD tx 1000000000000001 renewal autoRenewStatus=1 \
            autoRenewProductId=com.storesim.premium.monthly isInBillingRetryPeriod=True gracePeriodExpiresDate=1769212800080
            verified notification GRACE_PERIOD_EXPIRED tx 1000000000000001 renewal autoRenewStatus=1 \
            autoRenewProductId=com.storesim.premium.monthly isInBillingRetryPeriod=True gracePeriodExpiresDate=1769212800080

            """), "\(result.stdout)")
        #expect(result.stdout.contains("3 notifications verified against the root certificate\n"))

        var json = try #require(try JSONSerialization.jsonObject(with: Data(state.stdout.utf8)) as? [String: Any])
        var notifications = try #require(json["notifications"] as? [[String: Any]])
        let signed = try #require(notifications[1]["signedPayload"] as? String)
        let forged = try #require(JWSText.forged(signed, replacing: "\"GRACE_PERIOD\"", with: "\"VOLUNTARY\""))
        notifications[1]["signedPayload"] = forged
        json["notifications"] = notifications
        try JSONSerialization.data(withJSONObject: json).write(to: URL(fileURLWithPath: path))
        let tampered = try StoreSimProcess.run(["python3", Self.checker, path], executable: "/usr/bin/env")
        #expect(tampered.status == 1)
        #expect(tampered.stdout.contains("notification DID_FAIL_TO_RENEW tx 1000000000000001: NOT VERIFIED: InvalidSignature"),
                "\(tampered.stdout)")
    }

    /// Apple's TEST notification (Request a Test Notification) is about no transaction: it verifies
    /// alone, and a state that claims a transaction for it is refused.
    @Test(.enabled(if: pythonHasCryptography, "python3 cannot import cryptography here; .ci/run installs it"))
    func aTestNotificationVerifiesWithoutATransaction() throws {
        let folder = try TemporaryFolder()
        let world = folder.path + "/world"
        let script = try folder.write("test.scenario", "server notifications on\nserver test-notification\n")
        _ = try StoreSimProcess.run(["run", "--api", "storekit2", "--data-dir", world, script])
        let state = try StoreSimProcess.run(["state", "--json", "--data-dir", world])
        let path = try folder.write("state.json", state.stdout)
        let result = try StoreSimProcess.run(["python3", Self.checker, path], executable: "/usr/bin/env")
        #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
        #expect(result.stdout.hasPrefix("verified notification TEST\n1 notifications verified against the root certificate\n"),
                "\(result.stdout)")
        let claimed = try folder.write("claimed.json", state.stdout.replacingOccurrences(
            of: #""transactionId": null"#, with: #""transactionId": "1000000000000001""#))
        let refused = try StoreSimProcess.run(["python3", Self.checker, claimed], executable: "/usr/bin/env")
        #expect(refused.status == 1)
        #expect(refused.stdout.hasPrefix("notification TEST tx 1000000000000001: NOT VERIFIED: KeyError"), "\(refused.stdout)")
    }

    /// A family member's shared transaction and its `REVOKE` verify like any other, signed
    /// FAMILY_SHARED, and the revocation carries the purchaser's reason. Apple, revocationReason:
    /// "If the purchaser of a Family Sharing transaction receives a refund, the revocation reason
    /// for Family Sharing transactions matches the value of the purchaser's revocation reason."
    @Test(.enabled(if: pythonHasCryptography, "python3 cannot import cryptography here; .ci/run installs it"))
    func aSharedTransactionAndItsRevokeVerify() throws {
        let folder = try TemporaryFolder()
        let world = folder.path + "/world"
        let script = try folder.write("family.scenario", """
            server notifications on
            account kid
            account demo
            family add kid
            buy com.storesim.pro
            refund com.storesim.pro reason app-issue
            """)
        let run = try StoreSimProcess.run(["run", "--api", "storekit2", "--data-dir", world, script])
        #expect(run.status == 0, "\(run.stdout)\(run.stderr)")
        let state = try StoreSimProcess.run(["state", "--json", "--data-dir", world])
        let path = try folder.write("state.json", state.stdout)
        let result = try StoreSimProcess.run(["python3", Self.checker, path], executable: "/usr/bin/env")
        #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
        #expect(result.stdout == """
            verified notification ONE_TIME_CHARGE tx 1000000000000001
            verified notification REFUND tx 1000000000000001 revoked reason 1
            verified notification REVOKE tx 1000000000000002 FAMILY_SHARED revoked reason 1
            verified tx 1000000000000001 com.storesim.pro Non-Consumable price 9990 USD revoked reason 1
            verified tx 1000000000000002 com.storesim.pro Non-Consumable price 9990 USD FAMILY_SHARED revoked reason 1
            3 notifications verified against the root certificate
            2 signed transactions verified against the root certificate

            """, "\(result.stdout)")

        // The state saying PURCHASED of a transaction signed FAMILY_SHARED is caught.
        var json = try #require(try JSONSerialization.jsonObject(with: Data(state.stdout.utf8)) as? [String: Any])
        var transactions = try #require(json["transactions"] as? [[String: Any]])
        transactions[1].removeValue(forKey: "inAppOwnershipType")
        json["transactions"] = transactions
        try JSONSerialization.data(withJSONObject: json).write(to: URL(fileURLWithPath: path))
        let relabelled = try StoreSimProcess.run(["python3", Self.checker, path], executable: "/usr/bin/env")
        #expect(relabelled.status == 1)
        #expect(relabelled.stdout.hasSuffix("tx 1000000000000002: NOT VERIFIED: signed FAMILY_SHARED, not PURCHASED\n"), "\(relabelled.stdout)")
    }

    @Test func aStoreKit1WorldShowsNoSignedTransactionsOrRoot() throws {
        let folder = try TemporaryFolder()
        let script = try folder.write("buy.scenario", "buy com.storesim.coins.100\n")
        _ = try StoreSimProcess.run(["run", "--data-dir", folder.path + "/world", script])
        let state = try StoreSimProcess.run(["state", "--json", "--data-dir", folder.path + "/world"])
        #expect(!state.stdout.contains("signedTransaction"))
        #expect(!state.stdout.contains("rootCertificate"))
        #expect(!state.stdout.contains("\"api\""))
    }

    /// Given a world that signed nothing, or no JSON at all, the checker says so in one line and
    /// exits 2, instead of a Python traceback.
    @Test(.enabled(if: pythonHasCryptography, "python3 cannot import cryptography here; .ci/run installs it"))
    func theCheckerNamesInputThatIsNotASignedState() throws {
        let folder = try TemporaryFolder()
        let script = try folder.write("buy.scenario", "buy com.storesim.coins.100\n")
        _ = try StoreSimProcess.run(["run", "--data-dir", folder.path + "/world", script])
        let state = try StoreSimProcess.run(["state", "--json", "--data-dir", folder.path + "/world"])
        let storeKit1 = try folder.write("state.json", state.stdout)
        let empty = try folder.write("empty.json", "")
        for (path, problem) in [(storeKit1, "no rootCertificate: the world has signed nothing yet"),
                                (empty, "not the JSON of `storesim state --json`")] {
            let result = try StoreSimProcess.run(["python3", Self.checker, path], executable: "/usr/bin/env")
            #expect(result.status == 2)
            #expect(result.stderr.hasPrefix(path + ": " + problem), "\(result.stderr)")
            #expect(!result.stderr.contains("Traceback"))
            #expect(result.stderr.split(separator: "\n").count == 1)
        }
    }
}
