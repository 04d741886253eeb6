import Foundation
import Testing
import TestSupport

/// A team's backend calls `storesim serve` with Apple's own App Store Server API client
/// (`AppStoreServerAPIClient` of Apple's Python library), pointed at it with a key `serve
/// --new-key` made: every endpoint answers what the library's models read and its
/// `SignedDataVerifier` accepts, an unknown transaction is Apple's 4040010, and an expired or
/// foreign token is Apple's 401 (Scripts/drive-server-api-with-apple-client.py).
@Suite struct AppleServerAPIClientTests {
    static let pythonHasAppleLibrary: Bool = {
        let result = try? StoreSimProcess.run(["python3", "-c", "import appstoreserverlibrary, jwt"], executable: "/usr/bin/env")
        return result?.status == 0
    }()

    @Test(.enabled(if: pythonHasAppleLibrary, "python3 cannot import appstoreserverlibrary here; .ci/run installs it"))
    func applesClientReadsEveryEndpointOfTheServedWorld() throws {
        let folder = try TemporaryFolder()
        let key = folder.file("SubscriptionKey.p8")
        let served = try ServedWorld(folder, options: ["--seed", "7", "--new-key", key])
        let keyLine = try #require(served.stdout.split(separator: "\n").first { $0.hasPrefix("key ") })
        let words = keyLine.split(separator: " ", omittingEmptySubsequences: true)
        let (keyId, issuerId) = (String(words[1]), String(words[3]))
        let setup = try folder.write("setup.scenario", """
            api storekit2
            server notifications on
            buy com.storesim.coins.100
            buy com.storesim.pro
            buy com.storesim.premium.monthly
            refund com.storesim.coins.100
            advance 750d
            wait
            expect audit ok

            """)
        let ran = try StoreSimProcess.run(["run", "--connect", served.base, setup])
        try #require(ran.status == 0, "\(ran.stdout)\(ran.stderr)")
        let state = try StoreSimProcess.run(["state", "--json", "--data-dir", served.dataDirectory])
        try #require(state.status == 0, "\(state.stderr)")
        let stateFile = try folder.write("state.json", state.stdout)
        let script = StoreSimProcess.projectRoot.appendingPathComponent("Scripts/drive-server-api-with-apple-client.py").path
        let driven = try StoreSimProcess.run(["python3", script, served.base, key, keyId, issuerId, stateFile], executable: "/usr/bin/env")
        #expect(driven.status == 0, "\(driven.stdout)\(driven.stderr)")
        let checks = driven.stdout.split(separator: "\n").map { $0.split(separator: ":").first.map(String.init) ?? "" }
        #expect(checks == [
            "ok Get Transaction Info", "ok Get Transaction Info of an unknown id", "ok Get Transaction History v2",
            "ok Get All Subscription Statuses", "ok Get Notification History", "ok Get Notification History refuses a start after the end",
            "ok Request a Test Notification and Get Test Notification Status", "ok Send Consumption Information (v1 and v2)",
            "ok Get Refund History", "ok Look Up Order ID", "ok Extend a Subscription Renewal Date", "ok Finish Transaction",
            "ok a token of expired", "ok a token of another issuer",
        ])
        #expect(served.stop() == 0)
        #expect(served.stdout.contains("App Store Server API: GET /inApps/v1/transactions/1000000000000001 → 200"))
        #expect(served.stdout.contains("App Store Server API: GET /inApps/v1/transactions/9999999999999999 → 404"))
        #expect(served.stdout.contains("App Store Server API: GET /inApps/v1/transactions/1000000000000001 → 401 (the token has expired)"))
        let audit = try StoreSimProcess.run(["audit", "--data-dir", served.dataDirectory])
        #expect(audit.status == 0, "\(audit.stdout)")
    }
}
