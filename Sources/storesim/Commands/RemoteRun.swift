import Foundation
import HTTPCalls
import IAPCore
import Serving

/// `storesim run --connect URL SCRIPT…`: the scripts run in the world a `storesim serve` holds,
/// sent one by one to its `POST /storesim/script`; prints and exits as `run` does.
enum RemoteRun {
    /// The most seconds one script may take in the served world before the run gives up: as
    /// long as a request may wait at all, for a script may advance through days of retries.
    static let timeoutSeconds = HTTPClient.longestTimeout

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
        let outcome = HTTPClient.shared.send("POST", url.absoluteString, body: Array(text.utf8), contentType: "text/plain; charset=utf-8",
                                             timeout: timeoutSeconds)
        switch outcome {
        case .answered(200, let body):
            do {
                return try ScriptAnswer(reading: String(decoding: body, as: UTF8.self))
            } catch {
                throw .input("storesim serve at \(base) answered what is not a script's answer (\(error))")
            }
        case .answered(let status, let body):
            let first = String(decoding: body, as: UTF8.self).split(separator: "\n").first ?? ""
            throw .input("storesim serve at \(base) answered HTTP \(status): \(first)")
        case .timedOut:
            throw .input("storesim serve at \(base) did not answer within \(Int(timeoutSeconds / 3600)) hours: the script may still be running there")
        default:
            throw .input("cannot reach storesim serve at \(base): \(outcome.english)")
        }
    }
}
