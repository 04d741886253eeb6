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
    /// Apple: "This receipt is valid but the subscription has expired. … Only returned for iOS
    /// 6-style transaction receipts for auto-renewable subscriptions." StoreSim's receipts are
    /// app receipts, so the Store never answers it; a Server reading it credits nothing.
    case validButSubscriptionExpired = 21006
    /// Apple: "Internal data access error. Try again later."
    case internalDataAccessError = 21009
    /// Apple: "The user account cannot be found or has been deleted."
    case accountNotFound = 21010
    /// Apple's 21100–21199, "internal data access errors", with `is-retryable`; read as this one
    /// code whichever of the range a response names.
    case internalError = 21100

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
        case .validButSubscriptionExpired: return "the receipt is valid but the subscription has expired"
        case .internalDataAccessError: return "internal data access error; try again later"
        case .accountNotFound: return "the user account cannot be found or has been deleted"
        case .internalError: return "an internal data access error; is-retryable says to try again"
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

    /// Whether the code is one of Apple's 21100–21199, which come with `is-retryable`.
    public var isInternalError: Bool { self == .internalError }

    /// The status a response names: one of the codes above, any of 21100–21199 read as
    /// `internalError`; nil for a code Apple does not document.
    public init?(code: Int) {
        if (21100...21199).contains(code) {
            self = .internalError
        } else if let status = ReceiptStatus(rawValue: code) {
            self = status
        } else {
            return nil
        }
    }
}
