import Foundation
import Glibc
import TestSupport

/// One of the Python backends of `Examples/backend-python/` running for a test, pointed at a
/// served world: started on a free port, ready once it says where it listens, killed at the end.
final class BackendProcess {
    let process = Process()
    private let log: URL
    /// `http://127.0.0.1:PORT`.
    private(set) var base = ""
    /// What an App Store backend was started with, to start it again on the same database.
    let keyId: String
    let issuerId: String
    let root: String

    /// Starts `script` (`backend.py`, `naive_backend.py`) against `served`, with the key `serve
    /// --new-key` wrote and the world's root certificate.
    convenience init(_ script: String, served: ServedWorld, key: String, keyId: String, issuerId: String, root: String) throws {
        try self.init(script, folder: served.folder, api: served.base, key: key, keyId: keyId, issuerId: issuerId, root: root)
    }

    /// Starts `script` in `folder`, asking the App Store Server API at `api` (a `serve`, or a
    /// `chaos --server-url` about to listen there).
    convenience init(_ script: String, folder: TemporaryFolder, api: String, key: String, keyId: String, issuerId: String,
                     root: String) throws {
        let rootFile = try folder.write("\(script).root.pem", root)
        try self.init(script, folder: folder, arguments: ["--api", api, "--key", key, "--key-id", keyId, "--issuer-id", issuerId,
                                                          "--bundle-id", "com.storesim.app", "--app-apple-id", "1234567890",
                                                          "--root-cert", rootFile, "--history-since", "1767225600000"],
                      keyId: keyId, issuerId: issuerId, root: root)
    }

    /// Starts `script` in `folder` on a free port and its own database, with `arguments` (the
    /// Google Play backend's: `--api`, `--access-token`); `keyId`, `issuerId` and `root` are
    /// an App Store backend's, kept to start it again.
    init(_ script: String, folder: TemporaryFolder, arguments: [String], keyId: String = "", issuerId: String = "",
         root: String = "") throws {
        (self.keyId, self.issuerId, self.root) = (keyId, issuerId, root)
        log = folder.url.appendingPathComponent("\(script).log")
        _ = FileManager.default.createFile(atPath: log.path, contents: nil)
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", StoreSimProcess.projectRoot.appendingPathComponent("Examples/backend-python/\(script)").path,
                             "--port", "0", "--db", folder.file("\(script).sqlite")] + arguments
        process.standardOutput = try FileHandle(forWritingTo: log)
        process.standardError = try FileHandle(forWritingTo: log)
        try process.run()
        let deadline = Date().addingTimeInterval(60)
        while Date() < deadline, process.isRunning {
            if let range = output.range(of: "listening on http://127.0.0.1:") {
                let port = output[range.upperBound...].prefix { $0.isNumber }
                base = "http://127.0.0.1:\(port)"
                return
            }
            usleep(20_000)
        }
        throw ServeFailure(problem: "\(script) did not start: \(output)")
    }

    /// What it logged.
    var output: String { (try? String(contentsOf: log, encoding: .utf8)) ?? "" }

    /// Kills it (SIGKILL), as a backend that goes down does.
    func stop() {
        guard process.isRunning else { return }
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
    }

    deinit { stop() }
}
