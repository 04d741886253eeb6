import Foundation
import Testing
import TestSupport

/// `chaos --server-url`: random runs judged against a team's backend, here the reference backend
/// of `Examples/backend-python/` (Apple's library, verifying against the world's root and asking
/// chaos's App Store Server API before it credits), set up for the world in `--data-dir` as for
/// `serve`. It passes session after session on the same database, its ids never colliding; the
/// naive backend is caught, the repro starting with `server url`; the data directory is only read.
@Suite(.serialized, .tags(.slow)) struct SlowChaosBackendTests {
    static let pythonHasAppleLibrary = AppleServerAPIClientTests.pythonHasAppleLibrary

    /// A team's world, and `script` started for it, asking the API at an address chaos will listen on.
    private func setUp(_ folder: TemporaryFolder, backend script: String) throws -> (world: TeamWorld, backend: BackendProcess, listen: String) {
        let world = try TeamWorld(folder)
        let listen = try TeamWorld.freeAddress()
        let backend = try BackendProcess(script, folder: folder, api: "http://\(listen)", key: world.key, keyId: world.keyId,
                                         issuerId: world.issuerId, root: world.root)
        return (world, backend, listen)
    }

    private func chaos(_ folder: TemporaryFolder, _ world: TeamWorld, _ backend: BackendProcess, listen: String,
                       _ options: [String]) throws -> (status: Int32, stdout: String, stderr: String) {
        let result = try StoreSimProcess.run(["chaos", "--server-url", backend.base, "--data-dir", world.directory, "--listen", listen] + options,
                                             in: folder.url)
        return (result.status, result.stdout, result.stderr)
    }

    @Test(.enabled(if: pythonHasAppleLibrary, "python3 cannot import appstoreserverlibrary here; .ci/run installs it"))
    func theReferenceBackendPassesSessionAfterSessionWithoutIdsColliding() throws {
        let folder = try TemporaryFolder()
        let (world, backend, listen) = try setUp(folder, backend: "backend.py")
        let store = world.directory + "/store.sqlite"
        let before = try Data(contentsOf: URL(fileURLWithPath: store))
        let first = try chaos(folder, world, backend, listen: listen, ["--runs", "12", "--seed", "3"])
        #expect(first.status == 0, "\(first.stdout)\(first.stderr)\n\(backend.output)")
        #expect(first.stdout.hasPrefix("storesim chaos: answering the App Store Server API on http://\(listen)\n"), "\(first.stdout)")
        #expect(first.stdout.contains("failing runs: 0"))
        #expect(first.stdout.contains("\n… 10/12 runs, 0 failing, "), "a run against a backend is slow: progress every ten: \(first.stdout)")
        #expect(first.stdout.contains("outside server \(backend.base): one run at a time"))
        #expect(first.stdout.contains("notifications off"))
        #expect(credited(first.stdout) > 0, "the backend verified what the runs' worlds signed: \(first.stdout)")
        // The same session again, on the backend's same database, with notifications posted to it.
        let second = try chaos(folder, world, backend, listen: listen,
                               ["--runs", "12", "--seed", "3", "--api", "storekit2", "--notifications-url", backend.base + "/notifications"])
        #expect(second.status == 0, "\(second.stdout)\(second.stderr)\n\(backend.output)")
        #expect(second.stdout.contains("failing runs: 0"))
        #expect(second.stdout.contains("notifications to \(backend.base)/notifications in the runs that turn them on"))
        #expect(backend.output.contains("-> 200 credited: "), "\(backend.output)")
        #expect(backend.output.contains("POST /notifications -> 200 "), "\(backend.output)")
        #expect(!backend.output.contains("try again later"), "every call of the API was answered: \(backend.output)")
        #expect(firstId(first.stdout) != firstId(second.stdout))
        #expect(try Data(contentsOf: URL(fileURLWithPath: store)) == before, "the data directory's world is only read")
    }

    @Test(.enabled(if: pythonHasAppleLibrary, "python3 cannot import appstoreserverlibrary here; .ci/run installs it"))
    func theNaiveBackendIsCaughtAndTheReproStartsWithItsURL() throws {
        let folder = try TemporaryFolder()
        let (world, backend, listen) = try setUp(folder, backend: "naive_backend.py")
        let result = try chaos(folder, world, backend, listen: listen, ["--runs", "10", "--seed", "3"])
        #expect(result.status == 1, "\(result.stdout)\(result.stderr)\n\(backend.output)")
        #expect(!result.stdout.contains("failing runs: 0"))
        let failures = result.stdout.split(separator: "\n").filter { $0.hasPrefix("  audit not ok: run seed ") }
        #expect(!failures.isEmpty, "\(result.stdout)")
        #expect(failures.allSatisfy { $0.contains("(lost ") && !$0.contains("(lost 0, double-credited 0,") }, "\(failures)")
        let repro = try String(contentsOfFile: folder.file("chaos-repro.scenario"), encoding: .utf8)
        let commands = repro.split(separator: "\n").filter { !$0.hasPrefix("#") }
        #expect(commands.first == "server url \(backend.base)", "\(repro)")
        #expect(commands.last == "expect audit ok")
    }

    /// How many purchases the backend credited, as the summary says it.
    private func credited(_ stdout: String) -> Int {
        guard let range = stdout.range(of: "credited by the outside server: ") else { return 0 }
        return Int(stdout[range.upperBound...].prefix { $0.isNumber }) ?? 0
    }

    /// The first id of the session's runs, as the summary says it.
    private func firstId(_ stdout: String) -> Substring? {
        guard let range = stdout.range(of: "transaction ids its own, from ") else { return nil }
        return stdout[range.upperBound...].prefix { $0.isNumber }
    }
}
