import Dispatch
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Synchronization

/// Sends one HTTP request at a time and waits for its outcome, never longer than its timeout:
/// the world's way out to a team's backend (a notification posted, a purchase to verify). It
/// sends no cookies and keeps no cache.
public final class HTTPClient: Sendable {
    private let session: URLSession
    /// The longest a request may wait for its answer: a day.
    public static let longestTimeout: Double = 24 * 3600

    /// One client for the process: its connections are kept for the next request.
    public static let shared = HTTPClient()

    public init() {
        let configuration = URLSessionConfiguration.ephemeral
        configuration.httpCookieStorage = nil
        configuration.urlCache = nil
        configuration.httpShouldSetCookies = false
        // Each request's own timeout governs: the session's default (60 s) would cut a longer one.
        configuration.timeoutIntervalForRequest = Self.longestTimeout
        configuration.timeoutIntervalForResource = Self.longestTimeout
        session = URLSession(configuration: configuration)
    }

    /// `method` `url` with `body` (JSON unless `contentType` says otherwise), waiting at most
    /// `timeout` seconds for the whole answer; while it waits, `whileWaiting` is called every
    /// millisecond or two on the caller's thread (a server whose answer needs the caller's own
    /// answers first: a backend that asks the App Store Server API before it answers the app).
    public func send(_ method: String, _ url: String, body: [UInt8]? = nil, contentType: String = "application/json",
                     timeout: Double, whileWaiting: (() -> Void)? = nil) -> HTTPOutcome {
        guard let address = URL(string: url), address.scheme == "http" || address.scheme == "https", address.host != nil else {
            return .failed("'\(url)' is not an http:// or https:// URL")
        }
        var request = URLRequest(url: address, cachePolicy: .reloadIgnoringLocalCacheData, timeoutInterval: timeout)
        request.httpMethod = method
        if let body {
            request.httpBody = Data(body)
            request.setValue(contentType, forHTTPHeaderField: "Content-Type")
        }
        request.setValue("StoreSim", forHTTPHeaderField: "User-Agent")
        let outcome = Mutex<HTTPOutcome>(.timedOut)
        let done = DispatchSemaphore(value: 0)
        let task = session.dataTask(with: request) { data, response, error in
            outcome.withLock { $0 = Self.outcome(data, response, error) }
            done.signal()
        }
        task.resume()
        let deadline = DispatchTime.now() + timeout + 1
        if let whileWaiting {
            while done.wait(timeout: .now() + .milliseconds(1)) == .timedOut {
                guard DispatchTime.now() < deadline else {
                    task.cancel()
                    return .timedOut
                }
                whileWaiting()
            }
        } else if done.wait(timeout: deadline) == .timedOut {
            task.cancel()
            return .timedOut
        }
        return outcome.withLock { $0 }
    }

    private static func outcome(_ data: Data?, _ response: URLResponse?, _ error: (any Error)?) -> HTTPOutcome {
        if let error = error as? URLError {
            switch error.code {
            case .timedOut: return .timedOut
            case .cannotConnectToHost, .cannotFindHost, .dnsLookupFailed, .notConnectedToInternet: return .refused(error.localizedDescription)
            case .secureConnectionFailed, .serverCertificateUntrusted, .serverCertificateHasBadDate, .serverCertificateNotYetValid,
                 .serverCertificateHasUnknownRoot, .clientCertificateRejected:
                return .tlsFailed(error.localizedDescription)
            case .networkConnectionLost, .badServerResponse, .zeroByteResource: return .closed(error.localizedDescription)
            case .httpTooManyRedirects, .redirectToNonExistentLocation: return .circularRedirect
            default: return .failed(error.localizedDescription)
            }
        }
        if let error { return .failed(String(describing: error)) }
        guard let response = response as? HTTPURLResponse else { return .closed("no HTTP response") }
        return .answered(status: response.statusCode, body: Array(data ?? Data()))
    }
}
