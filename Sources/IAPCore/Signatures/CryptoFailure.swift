/// How libcrypto failed where it should not have, or a key it cannot use.
public enum CryptoFailure: Sendable, Equatable, Codable {
    /// A libcrypto call failed, with the oldest error it queued in its own words, if any.
    case call(String, said: String?)
    /// A P-256 private key is not 32 bytes.
    case privateKeyLength
    /// A P-256 private key is not from 1 to n-1.
    case privateKeyRange

    /// The failure in English.
    public var english: String {
        switch self {
        case .call(let call, nil): "\(call) failed"
        case .call(let call, let said?): "\(call): \(said)"
        case .privateKeyLength: "a P-256 private key is 32 bytes"
        case .privateKeyRange: "a P-256 private key lies from 1 to n-1"
        }
    }
}
