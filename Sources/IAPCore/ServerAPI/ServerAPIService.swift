/// The states of the App Store Server API that a backend must survive, the values of the
/// `server-api` switch, the first normal.
public enum ServerAPIService: String, Sendable, CaseIterable {
    case normal
    /// Every call answers 500 with `GeneralInternalRetryableError`: "An error response that
    /// indicates an unknown error occurred, but you can try again."
    case down
    /// Every call answers 429 with `RateLimitExceededError`: "An error that indicates that the
    /// request exceeded the rate limit."
    case rateLimited = "rate-limited"
    /// The answer is right, but the HTTP face sends it `slowSeconds` late.
    case slow

    /// How late a `slow` answer is sent.
    public static let slowSeconds = 3
}
