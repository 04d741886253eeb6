/// Why a signed transaction failed a server's verification, after the statuses of Apple's App
/// Store Server Library (`VerificationStatus`, with its numbers).
public enum VerificationStatus: Int, Sendable, CaseIterable, Codable {
    /// The JWS is not what it should be: bad encoding, a chain that does not lead to the
    /// pinned root or is not valid when the JWS was signed, a signature that does not match, a
    /// payload that is not a transaction.
    case verificationFailure = 1
    /// The signed transaction is another app's (`bundleId`).
    case invalidAppIdentifier = 3
    /// The signed transaction is of another environment (`environment`).
    case invalidEnvironment = 4

    /// The status as Apple's library names it, such as `VERIFICATION_FAILURE`.
    public var name: String {
        switch self {
        case .verificationFailure: return "VERIFICATION_FAILURE"
        case .invalidAppIdentifier: return "INVALID_APP_IDENTIFIER"
        case .invalidEnvironment: return "INVALID_ENVIRONMENT"
        }
    }
}
