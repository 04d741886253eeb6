import Foundation
import Testing
import TestSupport

/// `storesim run --api storekit2`: the transcript names StoreKit 2's calls and results, the
/// choice is kept in the world, and `state` shows it.
@Suite struct StoreKit2RunTests {
    @Test func theTranscriptShowsStoreKit2sCallsAndResults() throws {
        let folder = try TemporaryFolder()
        let script = try folder.write("buy.scenario", "buy com.storesim.coins.100\nbuy com.storesim.pro cancel\nexpect audit ok\n")
        let world = folder.path + "/world"
        let result = try StoreSimProcess.run(["run", "--api", "storekit2", "--data-dir", world, script])
        #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
        let lines = result.stdout.split(separator: "\n").map { String($0.dropFirst(16)) }
        for expected in [
            "User: launch (verify-then-finish, storekit2)",
            "App     ──▶ Store    listen to Transaction.updates",
            "App     ──▶ Store    Product.purchase() com.storesim.coins.100",
            "Store   ──▶ App      purchase result .success com.storesim.coins.100 tx 1000000000000001",
            "App                  StoreKit verified tx 1000000000000001: .verified",
            "App     ──▶ Server   verify signed tx 1000000000000001 (com.storesim.coins.100)",
            "Server               verified signed tx 1000000000000001 offline: chain to the pinned root, ES256 signature",
            "App     ──▶ Store    finish() tx 1000000000000001",
            "Store   ──▶ App      purchase result .userCancelled com.storesim.pro",
        ] {
            #expect(lines.contains(expected), "\(expected)")
        }
        #expect(!result.stdout.contains("verifyReceipt"), "the Server never asks the Store")
    }

    @Test func theAPIIsKeptInTheWorldAndStateShowsIt() throws {
        let folder = try TemporaryFolder()
        let world = folder.path + "/world"
        let first = try folder.write("first.scenario", "buy com.storesim.coins.100\n")
        _ = try StoreSimProcess.run(["run", "--api", "storekit2", "--data-dir", world, first])
        let second = try folder.write("second.scenario", "buy com.storesim.coins.550\nexpect balance coins 650\n")
        let again = try StoreSimProcess.run(["run", "--data-dir", world, second])
        #expect(again.status == 0, "\(again.stdout)")
        #expect(again.stdout.contains("Product.purchase() com.storesim.coins.550"))
        let state = try StoreSimProcess.run(["state", "--data-dir", world])
        #expect(state.stdout.hasPrefix("clock 2026-01-01 00:00:00  strategy verify-then-finish  api storekit2  network online"))
        #expect(state.stdout.contains("[purchase, charged, finished, signed]"))
    }

    @Test func aForgedJWSNeedsAStoreThatSigns() throws {
        let folder = try TemporaryFolder()
        let script = try folder.write("forge.scenario", "buy com.storesim.coins.100\nforge jws 1000000000000001\n")
        let result = try StoreSimProcess.run(["run", script])
        #expect(result.status == 2)
        #expect(result.stderr == "storesim: error: \(script): line 2: the Store has no signed transaction for transaction 1000000000000001 (it signs them under api storekit2)\n")
    }

    /// The forged JWS is well-formed and its payload still a signed transaction's JSON, so it is
    /// the signature check that refuses it. Apple, on jwsRepresentation: "Use this JSON Web
    /// Signature (JWS) value to perform your own JWS verification on your server or on the device".
    @Test func aForgedJWSIsRejectedForItsSignature() throws {
        let folder = try TemporaryFolder()
        let result = try StoreSimProcess.run(["run", "--data-dir", folder.path + "/world",
                                              "Scenarios/storekit2-forged-jws-rejected.scenario"])
        #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
        let lines = result.stdout.split(separator: "\n").map { String($0.dropFirst(16)) }
        #expect(lines.contains("User: forge: send tx 1000000000000001 with one digit of the price in its signed transaction changed"))
        #expect(lines.contains(
            "Server  ──▶ App      rejected tx 1000000000000001: VERIFICATION_FAILURE (the signature does not match the header and payload)"))
        #expect(!lines.contains { $0.contains("rejected tx 1000000000000001") && $0.contains("malformed") },
                "the forgery keeps the JWS well-formed")
    }
}
