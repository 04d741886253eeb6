/// What the Store records of one attempt to post a notification, by Apple's `sendAttemptResult`
/// values: "The success or error information the App Store server records when it attempts to
/// send an App Store server notification to your server." The built-in Server answers HTTP 200
/// or nothing (`NO_RESPONSE`); a team's URL (`server notifications url`) is posted over HTTP, and
/// how each POST ended is told apart as Apple tells it. The Store reads no response body, so it
/// never records Apple's `INVALID_RESPONSE` or `UNSUPPORTED_CHARSET`.
public enum SendAttemptResult: String, Sendable, Equatable, Codable {
    /// The Server answered the attempt with HTTP 200.
    case success = "SUCCESS"
    /// No answer came back: the Server was down, did not verify it, or its reply was lost.
    case noResponse = "NO_RESPONSE"
    /// The URL answered with an HTTP status other than 200.
    case unsuccessfulHTTPResponseCode = "UNSUCCESSFUL_HTTP_RESPONSE_CODE"
    /// No answer came within the Store's timeout.
    case timedOut = "TIMED_OUT"
    /// The connection could not be made: refused, or no such host.
    case socketIssue = "SOCKET_ISSUE"
    /// The TLS handshake or the certificate failed.
    case tlsIssue = "TLS_ISSUE"
    /// The connection closed before a whole answer came.
    case prematureClose = "PREMATURE_CLOSE"
    /// The URL redirected in a loop.
    case circularRedirect = "CIRCULAR_REDIRECT"
    /// Any other failure.
    case other = "OTHER"
}
