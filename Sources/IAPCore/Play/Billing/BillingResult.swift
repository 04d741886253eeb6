/// The Play Billing Library's `BillingResult`: a response code and a debug message for the
/// developer, and, for `onPurchasesUpdated`, the sub response code that qualifies an error.
public struct BillingResult: Equatable, Sendable, Codable {
    public let responseCode: BillingResponseCode
    /// Words for the developer, empty on success (Google's `getDebugMessage()`).
    public let debugMessage: String
    /// `getOnPurchasesUpdatedSubResponseCode()`; nil for Google's `NO_APPLICABLE_SUB_RESPONSE_CODE`.
    public let subResponseCode: OnPurchasesUpdatedSubResponseCode?

    public init(_ responseCode: BillingResponseCode, debugMessage: String = "", subResponseCode: OnPurchasesUpdatedSubResponseCode? = nil) {
        self.responseCode = responseCode
        self.debugMessage = debugMessage
        self.subResponseCode = subResponseCode
    }

    /// The response code's name, with the sub response code's when there is one: `ERROR (USER_INELIGIBLE)`.
    public var name: String {
        responseCode.name + (subResponseCode.map { " (\($0.name))" } ?? "")
    }
}
