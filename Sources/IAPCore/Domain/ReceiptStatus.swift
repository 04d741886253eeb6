/// The status codes of `verifyReceipt`, after the list in the App Store's documentation.
public enum ReceiptStatus: Int, Sendable, CaseIterable, Codable {
    case valid = 0
    case unreadableJSON = 21000
    case malformed = 21002
    case notAuthenticated = 21003
    case serviceUnavailable = 21005
    case sandboxReceiptInProduction = 21007
    case productionReceiptInSandbox = 21008
    case notAuthorized = 21010

    /// What the code means, in a few words.
    public var meaning: String {
        switch self {
        case .valid: return "valid"
        case .unreadableJSON: return "the request was not readable JSON"
        case .malformed: return "the receipt data is malformed"
        case .notAuthenticated: return "the receipt could not be authenticated"
        case .serviceUnavailable: return "the receipt server is not available"
        case .sandboxReceiptInProduction: return "a sandbox receipt was sent to production"
        case .productionReceiptInSandbox: return "a production receipt was sent to the sandbox"
        case .notAuthorized: return "the receipt could not be authorized"
        }
    }
}
