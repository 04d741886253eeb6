import Foundation
import Testing
import TestSupport

/// A crash rehearsal against a team's own backend: `storesim serve` with the reference backend
/// of `Examples/backend-python/` (Apple's library, verifying against the world's root and asking
/// the served App Store Server API) as the app's server. Every crash point of verify-then-finish
/// and server-finishes is recovered, the audit judging what the backend lists it credited; the
/// naive backend, which credits a repeated report again, is caught double-crediting.
@Suite(.serialized, .tags(.slow)) struct SlowReferenceBackendTests {
    static let pythonHasAppleLibrary = AppleServerAPIClientTests.pythonHasAppleLibrary

    /// A served StoreKit 2 world with one purchase (so the Store has its root) and a key; the
    /// backend `script` started against it and made the app's server.
    private func rehearsal(_ folder: TemporaryFolder, backend script: String) throws -> (served: ServedWorld, backend: BackendProcess) {
        let key = folder.file("key.p8")
        let served = try ServedWorld(folder, options: ["--seed", "7", "--new-key", key])
        let words = try #require(served.stdout.split(separator: "\n").first { $0.hasPrefix("key ") }).split(separator: " ")
        let setup = try folder.write("setup.scenario", "api storekit2\nbuy com.storesim.pro\n")
        let ran = try StoreSimProcess.run(["run", "--connect", served.base, setup])
        try #require(ran.status == 0, "\(ran.stdout)\(ran.stderr)")
        let state = try StoreSimProcess.run(["state", "--json", "--data-dir", served.dataDirectory])
        let object = try #require(try JSONSerialization.jsonObject(with: Data(state.stdout.utf8)) as? [String: Any])
        let root = try #require(object["rootCertificate"] as? String)
        let backend = try BackendProcess(script, served: served, key: key, keyId: String(words[1]), issuerId: String(words[3]), root: root)
        return (served, backend)
    }

    @Test(.enabled(if: pythonHasAppleLibrary, "python3 cannot import appstoreserverlibrary here; .ci/run installs it"),
          arguments: [("verify-then-finish", ["payment-sent", "purchased", "cached", "server-committed", "verified", "finished"]),
                      ("server-finishes", ["payment-sent", "purchased", "server-committed", "verified"])])
    func everyCrashPointIsRecoveredWithTheReferenceBackend(strategy: String, points: [String]) throws {
        let folder = try TemporaryFolder()
        let (served, backend) = try rehearsal(folder, backend: "backend.py")
        var script = "server url \(backend.base)\nstrategy \(strategy)\n"
        for point in points {
            script += "crash at \(point)\nbuy com.storesim.coins.100\nlaunch\nexpect pending 0\nexpect audit ok\n"
        }
        script += "expect unfinished 0\nexpect credited com.storesim.coins.100 \(points.count)\n"
        let rehearsed = try StoreSimProcess.run(["run", "--connect", served.base, try folder.write("crashes.scenario", script)])
        #expect(rehearsed.status == 0, "\(rehearsed.stdout)\(rehearsed.stderr)\n\(backend.output)")
        #expect(rehearsed.stdout.contains("outside server \(backend.base): verify tx"))
        #expect(served.stop() == 0)
        let audit = try StoreSimProcess.run(["audit", "--data-dir", served.dataDirectory])
        #expect(audit.status == 0, "\(audit.stdout)")
        #expect(audit.stdout.hasPrefix("outside server \(backend.base): "))
    }

    /// Apple: "If the App Store server doesn't receive a 200 response ... it retries sending the
    /// notification five more times ... at 1, 12, 24, 48, and 72 hours after the previous
    /// attempt"; a backend down past the last retry gets what it missed from Get Notification
    /// History, as the reference does when it starts.
    @Test(.enabled(if: pythonHasAppleLibrary, "python3 cannot import appstoreserverlibrary here; .ci/run installs it"))
    func aBackendDownPastEveryRetryCatchesUpFromTheHistory() throws {
        let folder = try TemporaryFolder()
        var (served, backend) = try rehearsal(folder, backend: "backend.py")
        let down = backend.base
        backend.stop()
        let missed = """
            server notifications on
            server url \(down)
            server notifications url \(down)/notifications
            buy com.storesim.coins.100
            advance 200h
            wait
            expect notifications pending 1

            """
        let ran = try StoreSimProcess.run(["run", "--connect", served.base, try folder.write("missed.scenario", missed)])
        #expect(ran.status == 0, "\(ran.stdout)\(ran.stderr)")
        #expect(ran.stdout.contains("no connection ("), "\(ran.stdout)")
        let key = folder.file("key.p8")
        backend = try BackendProcess("backend.py", served: served, key: key, keyId: backend.keyId, issuerId: backend.issuerId, root: backend.root)
        #expect(backend.output.contains("catch-up at start: 1 processed"), "\(backend.output)")
        let caught = """
            server url \(backend.base)
            server notifications url \(backend.base)/notifications
            quit
            launch
            expect pending 0
            expect credited com.storesim.coins.100 1
            expect audit ok

            """
        let after = try StoreSimProcess.run(["run", "--connect", served.base, try folder.write("caught.scenario", caught)])
        #expect(after.status == 0, "\(after.stdout)\(after.stderr)\n\(backend.output)")
        #expect(served.stop() == 0)
    }

    @Test(.enabled(if: pythonHasAppleLibrary, "python3 cannot import appstoreserverlibrary here; .ci/run installs it"))
    func theNaiveBackendIsCaughtDoubleCrediting() throws {
        let folder = try TemporaryFolder()
        let (served, backend) = try rehearsal(folder, backend: "naive_backend.py")
        let script = "server url \(backend.base)\ncrash at server-committed\nbuy com.storesim.coins.100\nlaunch\n"
        let crashed = try StoreSimProcess.run(["run", "--connect", served.base, try folder.write("naive.scenario", script)])
        #expect(crashed.status == 0, "\(crashed.stdout)\(crashed.stderr)")
        // The naive backend writes its credits half a second after it answers: let them land.
        usleep(1_500_000)
        let rehearsed = try StoreSimProcess.run(["run", "--connect", served.base, try folder.write("audit.scenario", "expect audit ok\n")])
        #expect(rehearsed.status == 1, "\(rehearsed.stdout)\(rehearsed.stderr)\n\(backend.output)")
        #expect(rehearsed.stderr.contains("audit.scenario: line 1: expect audit ok: expected ok, found not ok (lost 0, double-credited 1"),
                "\(rehearsed.stderr)")
        #expect(served.stop() == 0)
        let audit = try StoreSimProcess.run(["audit", "--data-dir", served.dataDirectory])
        #expect(audit.status == 1)
        #expect(audit.stdout.contains("100 Coins tx 1000000000000002: DOUBLE-CREDITED: paid once, credited 2 times"), "\(audit.stdout)")
    }
}
