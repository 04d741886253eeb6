/// Why a JWS's certificate chain does not verify.
public enum ChainFlaw: Sendable, Equatable, Codable {
    /// libcrypto's verification failed, in its own words (`certificate has expired`).
    case libcrypto(String)
    /// A certificate of the chain lacks the App Store's marker extension, with its OID.
    case lacksMarker(ChainPlace, oid: String)
    /// The leaf certificate is not the certificate of the key that signs.
    case leafDoesNotCertifyKey

    /// The flaw in English.
    public var english: String {
        switch self {
        case .libcrypto(let words): words
        case .lacksMarker(let place, let oid): "the \(place.rawValue) lacks the App Store marker extension \(oid)"
        case .leafDoesNotCertifyKey: "the leaf certificate does not certify the signing key"
        }
    }
}

/// A certificate's place in a JWS's chain below the root.
public enum ChainPlace: String, Sendable, Equatable, Codable {
    case intermediate
    case leaf
}
