/// What the Store records of one attempt to post a notification, by Apple's `sendAttemptResult`
/// values: "The success or error information the App Store server records when it attempts to
/// send an App Store server notification to your server." The simulated Store hears the Server's
/// HTTP 200 or nothing, so it records these two of Apple's values.
public enum SendAttemptResult: String, Sendable, Equatable, Codable {
    /// The Server answered the attempt with HTTP 200.
    case success = "SUCCESS"
    /// No answer came back: the Server was down, did not verify it, or its reply was lost.
    case noResponse = "NO_RESPONSE"
}
