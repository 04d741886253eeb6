/// What became of one outgoing HTTP request: an answer (any status), or why none came — the
/// cases Apple's `sendAttemptResult` tells apart for a notification it posts.
public enum HTTPOutcome: Sendable, Equatable {
    case answered(status: Int, body: [UInt8])
    /// No answer within the timeout.
    case timedOut
    /// The connection was refused or could not be made (nothing listens, no route).
    case refused(String)
    /// The TLS handshake or the certificate failed.
    case tlsFailed(String)
    /// The connection closed before a whole answer came.
    case closed(String)
    /// Redirected in a loop.
    case circularRedirect
    /// Anything else, said.
    case failed(String)

    /// The outcome in a few words, for the transcript: `HTTP 200`, `timed out after 5 s`…
    public var english: String {
        switch self {
        case .answered(let status, _): "HTTP \(status)"
        case .timedOut: "timed out"
        case .refused(let reason): "no connection (\(reason))"
        case .tlsFailed(let reason): "TLS failed (\(reason))"
        case .closed(let reason): "closed without an answer (\(reason))"
        case .circularRedirect: "redirected in a loop"
        case .failed(let reason): "failed (\(reason))"
        }
    }
}
