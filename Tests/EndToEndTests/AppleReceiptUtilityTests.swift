import Foundation
import Testing
import TestSupport

/// The app receipts StoreSim hands out are Apple's shape: Apple's own App Store Server Library
/// (`ReceiptUtility.extract_transaction_id_from_app_receipt`) reads a transaction id each one
/// lists, and OpenSSL verifies each as a PKCS #7 signedData against the world's root; for every
/// receipt the Store handed out, and the one the app holds (`state --json`'s `appReceipt`), in
/// the final state of every shipped StoreKit 1 scenario.
@Suite struct AppleReceiptUtilityTests {
    static let checker = StoreSimProcess.projectRoot.appendingPathComponent("Scripts/check-app-receipts-with-apple-library.py").path

    /// The shipped scenarios whose world uses StoreKit 1, by their recorded final state.
    static var storeKit1Scenarios: [String] {
        ScenarioFilesTests.scripts.filter { name in
            let recorded = ScenarioFinalStateTests.folder.appendingPathComponent(name.replacingOccurrences(of: ".scenario", with: ".json"))
            return (try? String(contentsOf: recorded, encoding: .utf8))?.contains(#""api": "storekit2""#) == false
        }
    }

    /// Runs the checker on `receipts` against the root certificate of the world at `world`.
    private func check(_ receipts: [String], of world: String, in folder: TemporaryFolder) throws -> StoreSimProcess.Result {
        let root = try folder.write("root.pem", try DeviceForgery.chain(of: world).root.pem)
        let listed = try folder.write("receipts.txt", receipts.joined(separator: "\n") + "\n")
        return try StoreSimProcess.run(["python3", Self.checker, root, listed], executable: "/usr/bin/env")
    }

    /// The receipts the world at `world` holds: every one the Store handed out, then the app's.
    private func receipts(of world: String) throws -> [String] {
        let state = try StoreSimProcess.run(["state", "--json", "--data-dir", world])
        let object = try #require(try JSONSerialization.jsonObject(with: Data(state.stdout.utf8)) as? [String: Any])
        return try DeviceForgery.storeReceipts(of: world) + [object["appReceipt"] as? String].compactMap { $0 }
    }

    @Test func thereAreStoreKit1ScenariosWithReceipts() {
        #expect(Self.storeKit1Scenarios.count >= 60)
    }

    @Test(.enabled(if: AppleLibraryVerificationTests.pythonHasAppleLibrary, "python3 cannot import appstoreserverlibrary here; .ci/run installs it"),
          arguments: storeKit1Scenarios)
    func everyAppReceiptOfAScenarioReadsWithApplesReceiptUtility(_ name: String) throws {
        let folder = try TemporaryFolder()
        let world = folder.path + "/world"
        _ = try StoreSimProcess.run(["run", "--data-dir", world, "--seed", "1"] + ScenarioFilesTests.runArguments(name))
        let receipts = try receipts(of: world)
        guard !receipts.isEmpty else { return }
        let checked = try check(receipts, of: world, in: folder)
        #expect(checked.status == 0, "\(name):\n\(checked.stdout)\(checked.stderr)")
    }

    @Test(.enabled(if: AppleLibraryVerificationTests.pythonHasAppleLibrary, "python3 cannot import appstoreserverlibrary here; .ci/run installs it"))
    func aReceiptOfAnotherWorldIsRefusedByOpenSSL() throws {
        let folder = try TemporaryFolder()
        let script = try folder.write("buy.scenario", "buy com.storesim.coins.100\n")
        let (mine, theirs) = (folder.path + "/mine", folder.path + "/theirs")
        #expect(try StoreSimProcess.run(["run", "--data-dir", mine, "--seed", "1", script]).status == 0)
        #expect(try StoreSimProcess.run(["run", "--data-dir", theirs, "--seed", "2", script]).status == 0)
        let accepted = try check(try receipts(of: theirs), of: theirs, in: folder)
        #expect(accepted.status == 0, "\(accepted.stdout)\(accepted.stderr)")
        let refused = try check(try receipts(of: theirs), of: mine, in: folder)
        #expect(refused.status == 1)
        #expect(refused.stdout.contains("openssl cms -verify refused it"), "\(refused.stdout)")
    }
}
