/// What is wrong with the shape of a JWS or a certificate: why it is not what it claims to be.
public enum JWSFlaw: Sendable, Equatable, Codable {
    /// The JWS has this many dot-separated parts, not 3.
    case parts(Int)
    case headerNotJSON
    case algNotES256
    case x5cNotThreeCertificates
    /// The header's `x5c` entry at this place is not a certificate.
    case x5cEntryNotCertificate(Int)
    case payloadNotJSON
    case noSignedDate
    /// The payload verifies but is not a transaction (the device's check).
    case payloadNotTransaction
    /// DER bytes that are not an X.509 certificate.
    case notCertificate
    /// Text that is not a PEM `CERTIFICATE` block.
    case notPEMCertificate

    /// The flaw in English.
    public var english: String {
        switch self {
        case .parts(let count): "a JWS has 3 parts separated by dots, not \(count)"
        case .headerNotJSON: "the header is not a JSON object"
        case .algNotES256: "the header's alg is not ES256"
        case .x5cNotThreeCertificates: "the header's x5c is not a list of 3 certificates"
        case .x5cEntryNotCertificate(let index): "x5c[\(index)] is not an X.509 certificate"
        case .payloadNotJSON: "the payload is not a JSON object"
        case .noSignedDate: "the payload has no signedDate"
        case .payloadNotTransaction: "the payload is not a transaction"
        case .notCertificate: "not an X.509 certificate"
        case .notPEMCertificate: "not a PEM certificate"
        }
    }
}
