import Foundation
import IAPCore
import Signing
import Testing
import TestSupport

/// Every decoded object StoreSim signs holds what the model classes of Apple's App Store Server
/// Library hold (`Scripts/compare-with-apple-models.py`, which reads the fields from the library
/// itself): no field StoreSim should send is missing, no value is outside Apple's enums, no key is
/// one Apple's model does not know. Checked on the recorded final state of every shipped StoreKit 2
/// scenario, which `ScenarioFinalStateTests` holds equal to what the scenario makes.
@Suite struct AppleModelComparisonTests {
    static let checker = StoreSimProcess.projectRoot.appendingPathComponent("Scripts/compare-with-apple-models.py").path
    static let fixtures = StoreSimProcess.projectRoot.appendingPathComponent("Tests/EndToEndTests/Fixtures")

    @Test(.enabled(if: AppleLibraryVerificationTests.pythonHasAppleLibrary, "python3 cannot import appstoreserverlibrary here; .ci/run installs it"),
          arguments: AppleLibraryVerificationTests.storeKit2Scenarios)
    func everyDecodedObjectOfAScenarioHasTheFieldsOfApplesModels(_ name: String) throws {
        let recorded = ScenarioFinalStateTests.folder.appendingPathComponent(name.replacingOccurrences(of: ".scenario", with: ".json"))
        let lines = try String(contentsOf: recorded, encoding: .utf8).split(separator: "\n")
        let folder = try TemporaryFolder()
        let state = try folder.write("state.json", String(try #require(lines.last)))
        let compared = try Self.compare(state)
        #expect(compared.status == 0, "\(name):\n\(compared.stdout)\(compared.stderr)")
        #expect(!compared.stdout.isEmpty)
    }

    /// A state signed before StoreSim sent `consumptionRequestReason` (kept as a fixture, its
    /// signatures sound, and Apple's verifier takes it): Apple's `Data` model has the field, and
    /// "The notification includes the consumptionRequestReason in the data object."
    @Test(.enabled(if: AppleLibraryVerificationTests.pythonHasAppleLibrary, "python3 cannot import appstoreserverlibrary here; .ci/run installs it"))
    func aConsumptionRequestWithoutItsReasonFails() throws {
        let refused = try Self.compare(Self.fixtures.appendingPathComponent("state-without-consumption-request-reason.json").path)
        #expect(refused.status == 1)
        #expect(refused.stdout == "notification CONSUMPTION_REQUEST of tx 1000000000000001 (its data): differs from Apple's Data: "
            + "consumptionRequestReason: missing (a CONSUMPTION_REQUEST)\n", "\(refused.stdout)")
    }

    /// A transaction signed soundly, by a chain the state names as its root, whose payload lacks a
    /// field, holds a value outside Apple's set, or misspells a key, fails, naming the field.
    @Test(.enabled(if: AppleLibraryVerificationTests.pythonHasAppleLibrary, "python3 cannot import appstoreserverlibrary here; .ci/run installs it"),
          arguments: [
            ("storefrontId", nil, "storefrontId: missing"),
            ("transactionReason", "GIFT", "transactionReason: 'GIFT' is not one of Apple's values"),
            ("storefront", "storeFront", "storefront: missing; storeFront: not a field of Apple's JWSTransactionDecodedPayload"),
          ])
    func aCraftedTransactionFailsNamingTheField(_ key: String, _ change: String?, _ named: String) throws {
        var payload = try Self.recordedTransaction()
        let value = payload.removeValue(forKey: key)
        if let change {
            if key == "storefront" { payload[change] = value } else { payload[key] = change }
        }
        let chain = try CertificateChain.make(secret: Array("a crafted state".utf8), notBefore: SimulatedTime.epoch,
                                              notAfter: SimulatedTime.epoch.addingTimeInterval(400 * 86400))
        let jws = try JWSSigner(chain: chain).sign(payload: Array(try JSONSerialization.data(withJSONObject: payload, options: .sortedKeys)))
        let state: [String: Any] = ["bundleId": "com.storesim.app", "appAppleId": 1234567890, "rootCertificate": chain.root.pem,
                                    "transactions": [["id": "1000000000000001", "signedTransaction": jws]]]
        let folder = try TemporaryFolder()
        let path = try folder.write("crafted.json", String(decoding: try JSONSerialization.data(withJSONObject: state), as: UTF8.self))
        let refused = try Self.compare(path)
        #expect(refused.status == 1)
        #expect(refused.stdout == "transaction 1000000000000001: differs from Apple's JWSTransactionDecodedPayload: \(named)\n",
                "\(refused.stdout)")
    }

    /// The payload of the first transaction of `notifications-offer-redeemed`'s recorded state: a
    /// subscription bought with an offer code, whole as StoreSim signs it.
    private static func recordedTransaction() throws -> [String: Any] {
        let recorded = ScenarioFinalStateTests.folder.appendingPathComponent("notifications-offer-redeemed.json")
        let line = try #require(try String(contentsOf: recorded, encoding: .utf8).split(separator: "\n").last)
        let state = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
        let transactions = try #require(state["transactions"] as? [[String: Any]])
        let jws = try #require(transactions.first?["signedTransaction"] as? String)
        return try #require(JWSText.payload(of: jws))
    }

    private static func compare(_ path: String) throws -> StoreSimProcess.Result {
        try StoreSimProcess.run(["python3", checker, path], executable: "/usr/bin/env")
    }
}
