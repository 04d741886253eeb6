import Foundation
import Glibc
import HTTPServing
import IAPCore
import ScenarioLanguage
import Serving
import Signing
import StoreEngine
import WorldCore

/// Puts `storesim serve` under load from ApacheBench (`ab`, Debian's apache2-utils), a load tool
/// that is not StoreSim's: Get Transaction Info of one transaction, with a valid token, over
/// keep-alive connections; then the same request answered in-process by the same session code.
public struct ServeBench {
    let catalog: Catalog
    /// The storesim binary, started as `storesim serve`.
    let executable: String
    let requests: Int
    let concurrency = 16

    public init(catalog: Catalog, executable: String, requests: Int) {
        self.catalog = catalog
        self.executable = executable
        self.requests = requests
    }

    public func run() throws(BenchError) -> ServeRow {
        guard let ab = Self.find("ab") else { throw BenchError("ab (Debian's apache2-utils) is not installed: the serve row needs it") }
        let folder = try BenchFolder()
        defer { folder.remove() }
        let directory = DataDirectory(path: folder.file("world"))
        let (path, token, inProcess) = try prepare(directory)
        let serve = try Self.start(executable, ["serve", "--data-dir", directory.path, "--listen", "127.0.0.1:0"], folder: folder)
        defer {
            kill(serve.process.processIdentifier, SIGTERM)
            serve.process.waitUntilExit()
        }
        let url = "http://\(serve.address)\(path)"
        let header = ["-H", "Authorization: Bearer \(token)"]
        _ = try Self.load(ab, ["-k", "-q", "-n", "2000", "-c", "\(concurrency)"] + header + [url])
        let pid = serve.process.processIdentifier
        let before = Double(ChildPeakMemory.statusKilobytes(pid, "VmRSS")) / 1024
        let (perSecond, p99) = try Self.load(ab, ["-k", "-q", "-n", "\(requests)", "-c", "\(concurrency)"] + header + [url])
        let after = Double(ChildPeakMemory.statusKilobytes(pid, "VmRSS")) / 1024
        return ServeRow(requests: requests, concurrency: concurrency, requestsPerSecond: perSecond, p99Millis: p99,
                        inProcessMicros: inProcess, rssBeforeMegabytes: before, rssAfterMegabytes: after)
    }

    /// A StoreKit 2 world with one purchase and a key: the request's path, a token for it, and the
    /// median microseconds of answering it in-process.
    private func prepare(_ directory: DataDirectory) throws(BenchError) -> (path: String, token: String, micros: Double) {
        try BenchError.attempt("a world to serve") {
            let world = try World(directory: directory, catalog: catalog, seed: 1)
            try world.use(.storekit2)
            let runner = ScenarioRunner(world: world, output: { _ in })
            try runner.run(try ScenarioParser(catalog: catalog).parse("buy com.storesim.pro\n", file: "bench"), file: "bench")
            let made = try APIKeys.create(path: directory.storeDatabase)
            guard let pair = ECKeyPair(privateKeyPEM: made.privateKeyPEM) else { throw BenchError("the new key does not read back") }
            let token = try APIToken.made(for: made.key, signedBy: pair, bundleId: catalog.app.bundleId)
            let path = "/inApps/v1/transactions/1000000000000001"
            let session = ServeSession(world: world, keys: [made.key], print: { _ in }, warn: { _ in })
            let request = HTTPRequest(method: "GET", path: path, authorization: "Bearer " + token)
            guard session.answer(request).status == 200 else { throw BenchError("the world does not answer \(path) with 200") }
            var samples: [Double] = []
            for _ in 0..<15 {
                samples.append(try BenchClock.micros { for _ in 0..<200 { _ = session.answer(request) } } / 200)
            }
            return (path, token, BenchClock.median(samples))
        }
    }

    /// `serve` started, once it printed where it listens.
    private static func start(_ executable: String, _ arguments: [String], folder: BenchFolder) throws(BenchError)
        -> (process: Process, address: String) {
        try BenchError.attempt("starting storesim serve") {
            let out = folder.file("serve.out")
            _ = FileManager.default.createFile(atPath: out, contents: nil)
            let process = Process()
            process.executableURL = URL(fileURLWithPath: executable)
            process.arguments = arguments
            process.standardOutput = try FileHandle(forWritingTo: URL(fileURLWithPath: out))
            process.standardError = FileHandle.nullDevice
            try process.run()
            let prefix = "storesim serve: listening on http://"
            for _ in 0..<3_000 where process.isRunning {
                let text = (try? String(contentsOfFile: out, encoding: .utf8)) ?? ""
                if let line = text.split(separator: "\n").first(where: { $0.hasPrefix(prefix) }) {
                    return (process, String(line.dropFirst(prefix.count)))
                }
                usleep(20_000)
            }
            process.terminate()
            throw BenchError("storesim serve did not start")
        }
    }

    /// Runs `ab` and reads its requests per second and its 99% line (milliseconds).
    private static func load(_ ab: String, _ arguments: [String]) throws(BenchError) -> (perSecond: Double, p99: Double) {
        let output = try BenchError.attempt("running ab") { () throws -> String in
            let process = Process()
            let pipe = Pipe()
            process.executableURL = URL(fileURLWithPath: ab)
            process.arguments = arguments
            process.standardOutput = pipe
            process.standardError = pipe
            try process.run()
            let data = pipe.fileHandleForReading.readDataToEndOfFile()
            process.waitUntilExit()
            return String(decoding: data, as: UTF8.self)
        }
        let lines = output.split(separator: "\n")
        guard lines.contains(where: { $0.hasPrefix("Non-2xx responses") }) == false,
              lines.contains(where: { $0.hasPrefix("Failed requests:        0") }),
              let rate = lines.first(where: { $0.hasPrefix("Requests per second:") })?.split(separator: " ").dropFirst(3).first,
              let perSecond = Double(rate),
              let line = lines.first(where: { $0.trimmingCharacters(in: .whitespaces).hasPrefix("99%") }),
              let p99 = line.split(separator: " ").last.flatMap({ Double($0) }) else {
            throw BenchError("ab did not measure the serve row: \(output.suffix(400))")
        }
        return (perSecond, p99)
    }

    private static func find(_ tool: String) -> String? {
        let folders = (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":")
        return folders.map { "\($0)/\(tool)" }.first { access($0, X_OK) == 0 }
    }
}
