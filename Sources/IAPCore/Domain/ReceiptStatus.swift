/// The status codes of `verifyReceipt` StoreSim answers, after Apple's list (App Store Receipts,
/// `status`); each meaning is Apple's, in a few words.
public enum ReceiptStatus: Int, Sendable, CaseIterable, Codable {
    case valid = 0
    case notPost = 21000
    case malformed = 21002
    case notAuthenticated = 21003
    case wrongSharedSecret = 21004
    case serviceUnavailable = 21005
    case sandboxReceiptInProduction = 21007
    case productionReceiptInSandbox = 21008

    /// What the code means, in a few words.
    public var meaning: String {
        switch self {
        case .valid: return "valid"
        case .notPost: return "the request was not made using the HTTP POST method"
        case .malformed: return "the receipt data was malformed or the service had a temporary issue; try again"
        case .notAuthenticated: return "the receipt could not be authenticated"
        case .wrongSharedSecret: return "the shared secret does not match the one on file for the account"
        case .serviceUnavailable: return "the receipt server was temporarily unable to provide the receipt; try again"
        case .sandboxReceiptInProduction: return "a sandbox receipt was sent to production; send it to the sandbox"
        case .productionReceiptInSandbox: return "a production receipt was sent to the sandbox; send it to production"
        }
    }

    /// The code and what it means, as a reason says it: `status 21005: the receipt server…`.
    public var statusAndMeaning: String {
        "status \(rawValue): \(meaning)"
    }

    /// Whether the code condemns the receipt itself, so that asking again can never succeed: only
    /// a receipt that fails its signature. Every other code is about the request or the service
    /// (malformed or a temporary issue, the method, the shared secret, the environment, an
    /// unavailable server): the receipt may be genuine, so the app keeps its order and asks again.
    public var condemnsTheReceipt: Bool {
        self == .notAuthenticated
    }
}
