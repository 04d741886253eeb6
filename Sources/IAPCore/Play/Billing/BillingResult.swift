/// The Play Billing Library's `BillingResult`: a response code and a debug message for the developer.
public struct BillingResult: Equatable, Sendable, Codable {
    public let responseCode: BillingResponseCode
    /// Words for the developer, empty on success (Google's `getDebugMessage()`).
    public let debugMessage: String

    public init(_ responseCode: BillingResponseCode, debugMessage: String = "") {
        self.responseCode = responseCode
        self.debugMessage = debugMessage
    }
}
