import Foundation
import HTTPServing
import Testing
import TestSupport

/// A world set up as a team sets one up for its backend, made with the command line in
/// `folder/world`: StoreKit 2 once (so that it has a root certificate, made a month into its
/// clock) and an in-app purchase key, whose file, key id and issuer id it keeps with the root,
/// for a backend to start with.
struct TeamWorld {
    let directory: String
    let key: String
    let keyId: String
    let issuerId: String
    let root: String

    init(_ folder: TemporaryFolder) throws {
        directory = folder.file("world")
        key = folder.file("key.p8")
        let setup = try folder.write("setup.scenario", "advance 30d\napi storekit2\nbuy com.storesim.pro\n")
        let ran = try StoreSimProcess.run(["run", "--data-dir", directory, "--seed", "7", setup])
        try #require(ran.status == 0, "\(ran.stdout)\(ran.stderr)")
        let made = try StoreSimProcess.run(["keys", "create", "--data-dir", directory, "--out", key])
        try #require(made.status == 0, "\(made.stdout)\(made.stderr)")
        let words = try #require(made.stdout.split(separator: "\n").first { $0.hasPrefix("key ") }).split(separator: " ")
        (keyId, issuerId) = (String(words[1]), String(words[3]))
        let state = try StoreSimProcess.run(["state", "--json", "--data-dir", directory])
        let object = try #require(try JSONSerialization.jsonObject(with: Data(state.stdout.utf8)) as? [String: Any])
        root = try #require(object["rootCertificate"] as? String)
    }

    /// A loopback address no one listens on now: taken from the system, then let go.
    static func freeAddress() throws -> String {
        let probe = try HTTPServer(address: try ListenAddress.parse("127.0.0.1:0").get(), oversized: .text(400, "")) { _, responder in
            responder.respond(.text(404, ""))
        }
        defer { probe.stop() }
        return "\(probe.address)"
    }
}
