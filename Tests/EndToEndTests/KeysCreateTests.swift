import Foundation
import Signing
import StoreEngine
import Testing
import TestSupport

/// `storesim keys create`: an in-app purchase key as Apple's `.p8` that a backend's own JWT
/// library signs App Store Server API tokens with, and that the world accepts by the public key
/// it kept; a seeded world makes the same keys every time, any other world random ones.
@Suite struct KeysCreateTests {
    /// Whether `python3` can import `cryptography` and PyJWT here; CI installs them (`.ci/run`).
    static let pythonHasJWT: Bool = {
        let result = try? StoreSimProcess.run(["python3", "-c", "import cryptography, jwt"], executable: "/usr/bin/env")
        return result?.status == 0
    }()

    /// Loads the key, requires P-256, and prints an ES256 token signed with it for `kid`.
    static let signer = """
        import sys, jwt
        from cryptography.hazmat.primitives import serialization
        from cryptography.hazmat.primitives.asymmetric import ec
        key = serialization.load_pem_private_key(open(sys.argv[1], "rb").read(), password=None)
        assert isinstance(key.curve, ec.SECP256R1), key.curve.name
        print(jwt.encode({"iss": sys.argv[3], "aud": "appstoreconnect-v1", "bid": "com.storesim.app"},
                         key, algorithm="ES256", headers={"kid": sys.argv[2]}))
        """

    /// A new world at `folder/name`, made by a short run.
    func world(_ folder: TemporaryFolder, _ name: String, options: [String] = []) throws -> String {
        let world = folder.file(name)
        let script = try folder.write("buy.scenario", "buy com.storesim.coins.100\n")
        let run = try StoreSimProcess.run(["run", "--data-dir", world] + options + [script])
        #expect(run.status == 0, "\(run.stdout)\(run.stderr)")
        return world
    }

    /// `keys create --json` in `world`, writing `file`: the object it printed.
    private func create(_ world: String, _ file: String) throws -> [String: Any] {
        let made = try StoreSimProcess.run(["keys", "create", "--data-dir", world, "--out", file, "--json"])
        #expect(made.status == 0, "\(made.stderr)")
        return try #require(try JSONSerialization.jsonObject(with: Data(made.stdout.utf8)) as? [String: Any])
    }

    @Test(.enabled(if: pythonHasJWT, "python3 cannot import cryptography and jwt here; .ci/run installs them"))
    func aTokenSignedWithTheKeyFileVerifiesAgainstThePublicKeyTheWorldKept() throws {
        let folder = try TemporaryFolder()
        let world = try world(folder, "world")
        let file = folder.file("SubscriptionKey.p8")
        let made = try create(world, file)
        let keyId = try #require(made["keyId"] as? String), issuerId = try #require(made["issuerId"] as? String)
        let text = try String(contentsOfFile: file, encoding: .utf8)
        #expect(text.hasPrefix("-----BEGIN PRIVATE KEY-----\n"))
        let mode = try #require(try FileManager.default.attributesOfItem(atPath: file)[.posixPermissions] as? Int)
        #expect(mode == 0o600)
        let signed = try StoreSimProcess.run(["python3", "-c", Self.signer, file, keyId, issuerId], executable: "/usr/bin/env")
        try #require(signed.status == 0, "\(signed.stderr)")
        let parts = signed.stdout.trimmingCharacters(in: .whitespacesAndNewlines).split(separator: ".")
        try #require(parts.count == 3)
        let signature = try #require(Base64.url.decode(parts[2]))
        let kept = try APIKeys.read(path: world + "/store.sqlite")
        let key = try #require(kept.first { $0.keyId == keyId })
        #expect(key.issuerId == issuerId)
        #expect(key.accepts(signature, of: Array("\(parts[0]).\(parts[1])".utf8)))
        #expect(!key.accepts(signature, of: Array("\(parts[0]).e30".utf8)), "another payload is refused")
    }

    @Test func theOutputNamesTheKeyItsIssuerAndTheApp() throws {
        let folder = try TemporaryFolder()
        let world = try world(folder, "world")
        let made = try create(world, folder.file("first.p8"))
        #expect(Set(made.keys) == ["keyId", "issuerId", "bundleId", "appAppleId", "file"])
        let keyId = try #require(made["keyId"] as? String), issuerId = try #require(made["issuerId"] as? String)
        #expect(keyId.count == 10 && keyId.allSatisfy { ("A"..."Z").contains($0) || ("0"..."9").contains($0) })
        #expect(issuerId.wholeMatch(of: /[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}/) != nil)
        #expect(made["bundleId"] as? String == "com.storesim.app")
        #expect(made["appAppleId"] is Int)
        #expect(made["file"] as? String == folder.file("first.p8"))
        let second = try create(world, folder.file("second.p8"))
        #expect(second["keyId"] as? String != keyId, "a second key has its own id")
        #expect(second["issuerId"] as? String == issuerId, "one issuer per world")
        let text = try StoreSimProcess.run(["keys", "create", "--data-dir", world, "--out", folder.file("third.p8")])
        #expect(text.status == 0)
        #expect(text.stdout.hasPrefix("key ") && text.stdout.contains("  issuer \(issuerId)  written to \(folder.file("third.p8"))"))
        #expect(text.stdout.contains("app com.storesim.app  App Apple ID "))
        #expect(try APIKeys.read(path: world + "/store.sqlite").count == 3)
    }

    @Test func aFileThatIsThereOrAFolderThatIsNotIsRefusedAndNothingIsWritten() throws {
        let folder = try TemporaryFolder()
        let world = try world(folder, "world")
        let existing = try folder.write("existing.p8", "mine\n")
        let link = folder.file("link.p8")
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: folder.file("nowhere.p8"))
        for path in [existing, link, folder.file("missing/key.p8")] {
            let refused = try StoreSimProcess.run(["keys", "create", "--data-dir", world, "--out", path])
            #expect(refused.status == 2)
            #expect(refused.stdout.isEmpty)
            #expect(refused.stderr.hasPrefix("storesim: error: \(path)") && refused.stderr.split(separator: "\n").count == 1, "\(refused.stderr)")
        }
        #expect(try String(contentsOfFile: existing, encoding: .utf8) == "mine\n")
        #expect(!FileManager.default.fileExists(atPath: folder.file("nowhere.p8")))
        #expect(!FileManager.default.fileExists(atPath: folder.file("missing")))
        #expect(try APIKeys.read(path: world + "/store.sqlite").isEmpty, "no key kept")
    }

    @Test func twoWorldsOfOneSeedMakeTheSameKeyAndDefaultWorldsDifferentOnes() throws {
        let folder = try TemporaryFolder()
        var ids: [String: String] = [:]
        for (name, options) in [("seeded1", ["--seed", "7"]), ("seeded2", ["--seed", "7"]), ("random1", []), ("random2", [])] {
            let made = try create(try world(folder, name, options: options), folder.file("\(name).p8"))
            ids[name] = try #require(made["keyId"] as? String)
        }
        #expect(ids["seeded1"] == ids["seeded2"])
        #expect(try String(contentsOfFile: folder.file("seeded1.p8"), encoding: .utf8)
            == String(contentsOfFile: folder.file("seeded2.p8"), encoding: .utf8))
        #expect(ids["random1"] != ids["random2"])
        #expect(ids["seeded1"] != ids["random1"])
    }
}

extension KeysCreateTests {
    @Test func aWorldAnotherWriterHoldsIsRefusedAndNoFileWritten() throws {
        let folder = try TemporaryFolder()
        let world = try world(folder, "world")
        let file = folder.file("key.p8")
        let held = HeldWriterLock(of: world, holder: Array("storesim run (pid 1)".utf8))
        let refused = try StoreSimProcess.run(["keys", "create", "--data-dir", world, "--out", file])
        withExtendedLifetime(held) {}
        #expect(refused.status == 2)
        #expect(refused.stderr.contains("in use by") && refused.stderr.split(separator: "\n").count == 1, "\(refused.stderr)")
        #expect(!FileManager.default.fileExists(atPath: file))
    }
}
