import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Glibc
import Synchronization
import TestSupport

/// A `storesim serve` running in the background for a test: started on a free loopback port,
/// ready once it printed its listening line, stopped with SIGTERM (or killed) at the end.
final class ServedWorld {
    let process = Process()
    let folder: TemporaryFolder
    let dataDirectory: String
    /// `http://127.0.0.1:PORT` (`https://` when served over TLS).
    private(set) var base = ""
    private let out: URL
    private let err: URL

    /// Starts serve on the world in `folder/world` with `options`, waiting up to 60 s for its line.
    init(_ folder: TemporaryFolder, options: [String] = []) throws {
        self.folder = folder
        dataDirectory = folder.file("world")
        out = folder.url.appendingPathComponent("serve.out")
        err = folder.url.appendingPathComponent("serve.err")
        _ = FileManager.default.createFile(atPath: out.path, contents: nil)
        _ = FileManager.default.createFile(atPath: err.path, contents: nil)
        process.executableURL = URL(fileURLWithPath: StoreSimProcess.binary)
        process.arguments = ["serve", "--data-dir", dataDirectory, "--listen", "127.0.0.1:0"] + options
        process.standardOutput = try FileHandle(forWritingTo: out)
        process.standardError = try FileHandle(forWritingTo: err)
        process.standardInput = FileHandle.nullDevice
        try process.run()
        let deadline = Date().addingTimeInterval(60)
        while Date() < deadline, process.isRunning {
            if let line = stdout.split(separator: "\n").first(where: { $0.hasPrefix("storesim serve: listening on ") }) {
                base = String(line.dropFirst("storesim serve: listening on ".count))
                return
            }
            usleep(20_000)
        }
        throw ServeFailure(problem: "serve did not start: \(stdout)\(stderr)")
    }

    var stdout: String { (try? String(contentsOf: out, encoding: .utf8)) ?? "" }
    var stderr: String { (try? String(contentsOf: err, encoding: .utf8)) ?? "" }
    var port: UInt16 { UInt16(base.split(separator: ":").last.map(String.init) ?? "") ?? 0 }

    /// Sends `signal` and waits up to 60 s for the process to end; its exit status.
    @discardableResult
    func stop(_ signal: Int32 = SIGTERM) -> Int32 {
        kill(process.processIdentifier, signal)
        let deadline = Date().addingTimeInterval(60)
        while process.isRunning, Date() < deadline { usleep(20_000) }
        if process.isRunning { kill(process.processIdentifier, SIGKILL) }
        process.waitUntilExit()
        return process.terminationStatus
    }

    deinit {
        if process.isRunning {
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
        }
    }

    /// One request through Foundation's client: the status, the Content-Type and the body.
    func request(_ method: String, _ path: String, body: [UInt8]? = nil, headers: [String: String] = [:])
        throws -> (status: Int, contentType: String?, body: String) {
        guard let url = URL(string: base + path) else { throw ServeFailure(problem: "not a URL: \(base + path)") }
        var request = URLRequest(url: url, timeoutInterval: 60)
        request.httpMethod = method
        request.httpBody = body.map { Data($0) }
        headers.forEach { request.setValue($1, forHTTPHeaderField: $0) }
        let outcome = Mutex<(Int, String?, Data?, String?)>((0, nil, nil, nil))
        let done = DispatchSemaphore(value: 0)
        URLSession.shared.dataTask(with: request) { data, response, error in
            let http = response as? HTTPURLResponse
            outcome.withLock { $0 = (http?.statusCode ?? 0, http?.value(forHTTPHeaderField: "Content-Type"), data, error?.localizedDescription) }
            done.signal()
        }.resume()
        done.wait()
        let (status, type, data, problem) = outcome.withLock { $0 }
        if let problem { throw ServeFailure(problem: problem) }
        return (status, type, String(decoding: data ?? Data(), as: UTF8.self))
    }
}

/// A served world that failed a test's request.
struct ServeFailure: Error, CustomStringConvertible {
    let problem: String
    var description: String { problem }
}
