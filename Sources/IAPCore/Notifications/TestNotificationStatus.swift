/// The Store's answer to Get Test Notification Status, with the field names of Apple's
/// `CheckTestNotificationResponse`: the `TEST` notification's `signedPayload` and its
/// `sendAttempts`, which "contains up to six sendAttemptItem items: one for the initial attempt,
/// and up to five for the retries". Both are nil when the Store knows no test by the token
/// (`TestNotificationNotFoundError`).
public struct TestNotificationStatus: Sendable, Equatable, Codable {
    /// One attempt, as Apple's `sendAttemptItem`: when, in milliseconds since 1970, and how it went.
    public struct SendAttempt: Sendable, Equatable, Codable {
        public let attemptDate: Int64
        public let sendAttemptResult: SendAttemptResult

        public init(attemptDate: Int64, sendAttemptResult: SendAttemptResult) {
            self.attemptDate = attemptDate
            self.sendAttemptResult = sendAttemptResult
        }
    }

    /// The token the Server asked about.
    public let testNotificationToken: String
    public let signedPayload: String?
    public let sendAttempts: [SendAttempt]?

    public init(testNotificationToken: String, signedPayload: String?, sendAttempts: [SendAttempt]?) {
        self.testNotificationToken = testNotificationToken
        self.signedPayload = signedPayload
        self.sendAttempts = sendAttempts
    }
}
