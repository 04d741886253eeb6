/// Why a signature could not be made or a signed value was refused. A JWS that fails
/// verification says which part failed: its shape, its encoding, its certificate chain, its
/// root, or its signature.
public enum SigningError: Error, Equatable, Sendable, Codable, CustomStringConvertible {
    /// The value is not what it claims to be: not three parts, not JSON, an unknown `alg`, a
    /// missing or short `x5c`, a payload that is not a JSON object.
    case malformed(JWSFlaw)
    /// A part is not valid base64 (base64url for the JWS parts, base64 for `x5c`); the part is
    /// named as the JWS names it (`header`, `payload`, `signature`, `x5c[0]`).
    case badBase64(String)
    /// The certificates do not make a valid chain to the pinned root at the verification time.
    case badChain(ChainFlaw)
    /// The chain ends in a root other than the pinned one.
    case wrongRoot
    /// The signature is not the leaf key's signature of the header and payload.
    case badSignature
    /// libcrypto failed where it should not have (out of memory, a key it refused).
    case crypto(CryptoFailure)

    public var description: String {
        switch self {
        case .malformed(let flaw): "malformed JWS: \(flaw.english)"
        case .badBase64(let part): "bad base64 in the JWS \(part)"
        case .badChain(let flaw): "the certificate chain does not verify: \(flaw.english)"
        case .wrongRoot: "the certificate chain ends in another root than the pinned one"
        case .badSignature: "the signature does not match the header and payload"
        case .crypto(let failure): "libcrypto failed: \(failure.english)"
        }
    }
}
