import Foundation
import Testing
import TestSupport

/// What StoreSim signs passes Apple's own App Store Server Library (`SignedDataVerifier`), the
/// library a team's backend verifies with: every signed transaction, notification and renewal
/// info in the final state of every shipped StoreKit 2 scenario, in production too, where
/// Apple's verifier needs the App Apple ID ("appAppleId is required when the environment is
/// Production") and refuses a notification that does not carry this app's.
@Suite struct AppleLibraryVerificationTests {
    static let checker = StoreSimProcess.projectRoot.appendingPathComponent("Scripts/verify-with-apple-library.py").path

    /// Whether `python3` can import Apple's library here; CI installs it (`.ci/run`).
    static let pythonHasAppleLibrary: Bool = {
        let result = try? StoreSimProcess.run(["python3", "-c", "import appstoreserverlibrary"], executable: "/usr/bin/env")
        return result?.status == 0
    }()

    /// The shipped scenarios whose world uses StoreKit 2, by their recorded final state.
    static var storeKit2Scenarios: [String] {
        ScenarioFilesTests.scripts.filter { name in
            let recorded = ScenarioFinalStateTests.folder.appendingPathComponent(name.replacingOccurrences(of: ".scenario", with: ".json"))
            return (try? String(contentsOf: recorded, encoding: .utf8))?.contains(#""api": "storekit2""#) == true
        }
    }

    @Test func thereAreStoreKit2ScenariosWithNotificationsToCheck() throws {
        #expect(Self.storeKit2Scenarios.count >= 20)
    }

    @Test(.enabled(if: pythonHasAppleLibrary, "python3 cannot import appstoreserverlibrary here; .ci/run installs it"),
          arguments: storeKit2Scenarios)
    func everySignedObjectOfAScenarioPassesApplesVerifier(_ name: String) throws {
        let folder = try TemporaryFolder()
        let world = folder.path + "/world"
        _ = try StoreSimProcess.run(["run", "--data-dir", world, "--seed", "1"] + ScenarioFilesTests.runArguments(name))
        let checked = try verify(world, in: folder)
        #expect(checked.status == 0, "\(name):\n\(checked.stdout)\(checked.stderr)")
    }

    @Test(.enabled(if: pythonHasAppleLibrary, "python3 cannot import appstoreserverlibrary here; .ci/run installs it"))
    func aCatalogsOwnAppIdentityIsSignedAndAnotherAppsVerifierRefusesIt() throws {
        let folder = try TemporaryFolder()
        let builtIn = try String(contentsOf: StoreSimProcess.projectRoot.appendingPathComponent("catalog.json"), encoding: .utf8)
        let catalog = try folder.write("catalog.json", builtIn.replacingOccurrences(
            of: #""storefront": "USA","#,
            with: #""storefront": "USA", "app": {"bundleId": "com.example.shop", "appAppleId": 6470000042, "bundleVersion": "7.1.2"},"#))
        let script = try folder.write("buy.scenario", """
            api storekit2
            server notifications on
            buy com.storesim.premium.monthly
            advance 32d
            expect audit ok
            """)
        let world = folder.path + "/world"
        let run = try StoreSimProcess.run(["run", "--catalog", catalog, "--data-dir", world, script])
        #expect(run.status == 0, "the Server takes the notifications of its own app:\n\(run.stdout)\(run.stderr)")
        let state = try StoreSimProcess.run(["state", "--data-dir", world])
        #expect(state.stdout.contains("app com.example.shop  App Apple ID 6470000042  build 7.1.2"), "\(state.stdout)")
        let checked = try verify(world, in: folder)
        #expect(checked.status == 0, "\(checked.stdout)")
        #expect(checked.stdout.contains("notification DID_RENEW"), "\(checked.stdout)")

        let json = try StoreSimProcess.run(["state", "--json", "--data-dir", world]).stdout
        #expect(json.contains(#""bundleId": "com.example.shop", "appAppleId": 6470000042, "bundleVersion": "7.1.2""#))
        let otherApp = try folder.write("other.json", json.replacingOccurrences(of: #""appAppleId": 6470000042"#, with: #""appAppleId": 6470000043"#))
        let refused = try StoreSimProcess.run(["python3", Self.checker, otherApp], executable: "/usr/bin/env")
        #expect(refused.status == 1)
        #expect(refused.stdout.contains("refused by Apple's library: INVALID_APP_IDENTIFIER"), "\(refused.stdout)")
    }

    /// Apple's TEST notification (Request a Test Notification "prompts the App Store server to
    /// send your server a notification with the TEST notificationType") passes Apple's verifier in
    /// production, with the App Apple ID, and in the sandbox, without it: its data names the app and
    /// the environment only, and the library's `Data.signedTransactionInfo` is optional.
    @Test(.enabled(if: pythonHasAppleLibrary, "python3 cannot import appstoreserverlibrary here; .ci/run installs it"))
    func aTestNotificationPassesApplesVerifierInProductionAndTheSandbox() throws {
        let folder = try TemporaryFolder()
        let script = try folder.write("test.scenario", """
            api storekit2
            server notifications on
            server test-notification
            wait
            store environment sandbox
            server test-notification
            expect notifications pending 0
            """)
        let world = folder.path + "/world"
        let run = try StoreSimProcess.run(["run", "--data-dir", world, script])
        #expect(run.status == 0, "\(run.stdout)\(run.stderr)")
        let checked = try verify(world, in: folder)
        #expect(checked.status == 0, "\(checked.stdout)")
        let lines = checked.stdout.split(separator: "\n")
        #expect(lines.count == 2 && lines[0].hasPrefix("notification TEST: ") && lines[0].hasSuffix(" Production verified")
                && lines[1].hasPrefix("notification TEST: ") && lines[1].hasSuffix(" Sandbox verified"), "\(checked.stdout)")
    }

    /// The checker is no formality: a state signed before StoreSim sent Apple's newer fields
    /// (kept as a fixture, its signatures sound) is refused for what it lacks.
    @Test(.enabled(if: pythonHasAppleLibrary, "python3 cannot import appstoreserverlibrary here; .ci/run installs it"))
    func aTransactionWithoutApplesNewerFieldsIsRefusedForThem() throws {
        let fixture = StoreSimProcess.projectRoot.appendingPathComponent("Tests/EndToEndTests/Fixtures/state-without-apples-newer-fields.json")
        let refused = try StoreSimProcess.run(["python3", Self.checker, fixture.path], executable: "/usr/bin/env")
        #expect(refused.status == 1)
        #expect(refused.stdout == "transaction 1000000000000001: lacks what Apple sends: storefrontId, appTransactionId, "
            + "webOrderLineItemId, offerPeriod\n", "\(refused.stdout)")
    }

    /// Apple's verifier's answer on the world's state.
    private func verify(_ world: String, in folder: TemporaryFolder) throws -> StoreSimProcess.Result {
        let state = try StoreSimProcess.run(["state", "--json", "--data-dir", world])
        let path = folder.path + "/state.json"
        try state.stdout.write(toFile: path, atomically: true, encoding: .utf8)
        return try StoreSimProcess.run(["python3", Self.checker, path], executable: "/usr/bin/env")
    }
}
