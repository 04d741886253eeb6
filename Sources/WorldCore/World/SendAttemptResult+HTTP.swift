import HTTPCalls
import IAPCore

extension SendAttemptResult {
    /// How a POST of a notification to the team's URL ended, as Apple's `sendAttemptResult`
    /// ("The success or error information the App Store server records when it attempts to send
    /// an App Store server notification to your server"): HTTP 200 is `SUCCESS`, another status
    /// `UNSUCCESSFUL_HTTP_RESPONSE_CODE`; no answer in time `TIMED_OUT`; a connection refused or
    /// never made `SOCKET_ISSUE`; a failed handshake `TLS_ISSUE`; a connection closed before the
    /// answer `PREMATURE_CLOSE`; a redirect loop `CIRCULAR_REDIRECT`; anything else `OTHER`.
    init(_ outcome: HTTPOutcome) {
        self = switch outcome {
        case .answered(let status, _): status == 200 ? .success : .unsuccessfulHTTPResponseCode
        case .timedOut: .timedOut
        case .refused: .socketIssue
        case .tlsFailed: .tlsIssue
        case .closed: .prematureClose
        case .circularRedirect: .circularRedirect
        case .failed: .other
        }
    }
}
