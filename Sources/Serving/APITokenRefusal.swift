/// Why the App Store Server API (or Google Play's Developer API) turned a request's token down,
/// as the transcript says it; Apple and Google answer each with the same 401.
public enum APITokenRefusal: Error, Sendable, Equatable {
    case missing
    case notBearer
    case malformed(String)
    case algorithm(String)
    case unknownKey(String)
    case issuer(String)
    case audience(String)
    case bundle(String)
    case expired
    case tooLong
    case signature
    /// Google Play: the Bearer token is not the world's access token.
    case notTheAccessToken

    /// The reason in English.
    public var english: String {
        switch self {
        case .missing: "no Authorization header"
        case .notBearer: "the Authorization header is not 'Bearer TOKEN'"
        case .malformed(let what): "the token is not a JWT (\(what))"
        case .algorithm(let alg): "the token's alg is '\(alg)', not ES256"
        case .unknownKey(let kid): "the token's kid '\(kid)' names no key of this world (storesim keys create makes one)"
        case .issuer(let iss): "the token's iss '\(iss)' is not this world's issuer id"
        case .audience(let aud): "the token's aud '\(aud)' is not appstoreconnect-v1"
        case .bundle(let bid): "the token's bid '\(bid)' is not the app's bundle id"
        case .expired: "the token has expired"
        case .tooLong: "the token lives more than an hour (exp more than 60 minutes after iat, or after now)"
        case .signature: "the token's signature does not verify with its key"
        case .notTheAccessToken: "the token is not this world's Developer API access token (serve prints it)"
        }
    }
}
