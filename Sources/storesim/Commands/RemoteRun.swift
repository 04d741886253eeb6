import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import IAPCore
import Serving
import Synchronization

/// `storesim run --connect URL SCRIPT…`: the scripts run in the world a `storesim serve` holds,
/// sent one by one to its `POST /storesim/script`; prints and exits as `run` does.
enum RemoteRun {
    /// The most seconds one script may take in the served world before the run gives up.
    static let timeoutSeconds: Double = 600

    static func run(_ base: String, scripts: [String]) throws(CLIError) -> Int32 {
        guard var endpoint = URLComponents(string: OutsideURL.endpoint(base, "storesim/script")),
              endpoint.scheme == "http" || endpoint.scheme == "https", endpoint.host != nil else {
            throw .usage("--connect: '\(base)' is not an http:// or https:// URL of a storesim serve")
        }
        let texts = try scripts.map { (path) throws(CLIError) in (path, try RunCommand.readScript(path)) }
        var met = 0
        var failures: [String] = []
        for (path, text) in texts {
            endpoint.queryItems = [URLQueryItem(name: "file", value: path)]
            guard let url = endpoint.url else { throw .usage("--connect: '\(base)' is not a URL StoreSim can send to") }
            let answer = try send(text, to: url, named: base)
            answer.transcript.forEach(Output.line)
            met += answer.met
            failures += answer.failures
            if answer.exit == 2 { throw .input(answer.error ?? "\(path): the served world stopped the script") }
        }
        Output.line("expectations: \(met) met, \(failures.count) failed")
        failures.forEach { Output.error("expect failed: \($0)") }
        return failures.isEmpty ? 0 : 1
    }

    /// The served world's answer to one script.
    private static func send(_ text: String, to url: URL, named base: String) throws(CLIError) -> ScriptAnswer {
        var request = URLRequest(url: url, timeoutInterval: timeoutSeconds)
        request.httpMethod = "POST"
        request.setValue("text/plain; charset=utf-8", forHTTPHeaderField: "Content-Type")
        request.httpBody = Data(text.utf8)
        let outcome = Mutex<(Data?, Int, String?)>((nil, 0, nil))
        let done = DispatchSemaphore(value: 0)
        URLSession.shared.dataTask(with: request) { data, response, error in
            let status = (response as? HTTPURLResponse)?.statusCode ?? 0
            outcome.withLock { $0 = (data, status, error?.localizedDescription) }
            done.signal()
        }.resume()
        done.wait()
        let (data, status, problem) = outcome.withLock { $0 }
        if let problem { throw .input("cannot reach storesim serve at \(base): \(problem)") }
        let body = String(decoding: data ?? Data(), as: UTF8.self)
        guard status == 200 else {
            throw .input("storesim serve at \(base) answered HTTP \(status): \(body.split(separator: "\n").first ?? "")")
        }
        do {
            return try ScriptAnswer(reading: body)
        } catch {
            throw .input("storesim serve at \(base) answered what is not a script's answer (\(error))")
        }
    }
}
