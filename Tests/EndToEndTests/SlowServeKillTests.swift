import Foundation
import Glibc
import Serving
import Signing
import StoreEngine
import Testing
import TestSupport

/// `storesim serve` killed with SIGKILL in the middle of a load — ApacheBench calling Get
/// Transaction Info while a script buys — loses nothing: served again, the world's launch
/// recovers what the kill cut short and the audit is ok.
@Suite(.serialized, .tags(.slow)) struct SlowServeKillTests {
    static let abInstalled = FileManager.default.isExecutableFile(atPath: "/usr/bin/ab")

    @Test(.enabled(if: abInstalled, "ab (apache2-utils) is not installed; .ci/run installs it"))
    func aKillDuringALoadLosesNothing() throws {
        let folder = try TemporaryFolder()
        let key = folder.file("key.p8")
        let served = try ServedWorld(folder, options: ["--seed", "9", "--new-key", key])
        let words = try #require(served.stdout.split(separator: "\n").first { $0.hasPrefix("key ") }).split(separator: " ")
        let first = try StoreSimProcess.run(["run", "--connect", served.base, try folder.write("first.scenario", "api storekit2\nbuy com.storesim.pro\n")])
        try #require(first.status == 0, "\(first.stderr)")
        let pair = try #require(ECKeyPair(privateKeyPEM: try String(contentsOfFile: key, encoding: .utf8)))
        let apiKey = APIKey(keyId: String(words[1]), issuerId: String(words[3]), publicKeyDER: pair.publicKeyDER)
        let token = try APIToken.made(for: apiKey, signedBy: pair, bundleId: "com.storesim.app")

        let load = Process()
        load.executableURL = URL(fileURLWithPath: "/usr/bin/ab")
        load.arguments = ["-k", "-q", "-t", "30", "-n", "10000000", "-c", "8", "-H", "Authorization: Bearer \(token)",
                          served.base + "/inApps/v1/transactions/1000000000000001"]
        load.standardOutput = FileHandle.nullDevice
        load.standardError = FileHandle.nullDevice
        try load.run()
        defer { if load.isRunning { load.terminate() } }
        let buys = String(repeating: "buy com.storesim.coins.100\nwait\n", count: 400)
        let buyer = Process()
        buyer.executableURL = URL(fileURLWithPath: StoreSimProcess.binary)
        buyer.arguments = ["run", "--connect", served.base, try folder.write("buys.scenario", buys)]
        buyer.standardOutput = FileHandle.nullDevice
        buyer.standardError = FileHandle.nullDevice
        try buyer.run()
        // Kill once purchases are under way (the Store holds some), whatever the load is doing.
        let deadline = Date().addingTimeInterval(60)
        while Date() < deadline, Self.purchases(in: served.dataDirectory) < 20 { usleep(20_000) }
        #expect(served.stop(SIGKILL) == SIGKILL)
        buyer.waitUntilExit()

        let again = try ServedWorld(folder, options: [])
        let recovered = try StoreSimProcess.run(["run", "--connect", again.base, try folder.write("after.scenario", "wait\nexpect audit ok\n")])
        #expect(recovered.status == 0, "\(recovered.stdout)\(recovered.stderr)")
        #expect(again.stop() == 0)
        let audit = try StoreSimProcess.run(["audit", "--data-dir", again.dataDirectory])
        #expect(audit.status == 0, "\(audit.stdout)")
        #expect(Self.purchases(in: again.dataDirectory) >= 20)
    }

    /// How many transactions the Store of `directory` holds, as `state --json` reads them.
    private static func purchases(in directory: String) -> Int {
        guard let state = try? StoreSimProcess.run(["state", "--json", "--data-dir", directory]), state.status == 0,
              let object = try? JSONSerialization.jsonObject(with: Data(state.stdout.utf8)) as? [String: Any],
              let transactions = object["transactions"] as? [Any] else { return 0 }
        return transactions.count
    }
}
