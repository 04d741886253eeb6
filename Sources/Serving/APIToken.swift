import Foundation
import IAPCore
import Signing
import StoreEngine

/// The App Store Server API's check of a request's token, as Apple documents it ("Generating
/// JSON Web Tokens for API requests"): a Bearer JWT whose header names `alg` ES256 and the `kid`
/// of an in-app purchase key the world knows, whose payload carries the key's `iss`, `aud`
/// "appstoreconnect-v1", the app's `bid` and an `exp` in the future — "Tokens that expire more
/// than 60 minutes after the time of issue (iat) aren't valid" — signed with that key.
public struct APIToken: Sendable {
    public let keys: [APIKey]
    public let bundleId: String

    public init(keys: [APIKey], bundleId: String) {
        self.keys = keys
        self.bundleId = bundleId
    }

    /// Nil when `authorization` carries a token the API accepts at wall-clock `now`; else why not.
    public func refusal(of authorization: String?, now: Date) -> APITokenRefusal? {
        guard let authorization, !authorization.isEmpty else { return .missing }
        guard authorization.hasPrefix("Bearer ") else { return .notBearer }
        let parts = authorization.dropFirst("Bearer ".count).split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 3 else { return .malformed("\(parts.count) parts, not 3") }
        guard let headerBytes = Base64.url.decode(parts[0]), let payloadBytes = Base64.url.decode(parts[1]),
              let signature = Base64.url.decode(parts[2]) else { return .malformed("a part is not base64url") }
        guard let header = Self.claims(headerBytes), let payload = Self.claims(payloadBytes) else {
            return .malformed("its header or payload is not a JSON object")
        }
        guard case .text(let alg) = header["alg"] ?? .other, alg == "ES256" else {
            return .algorithm(header["alg"]?.shown ?? "none")
        }
        guard case .text(let kid) = header["kid"] ?? .other, let key = keys.first(where: { $0.keyId == kid }) else {
            return .unknownKey(header["kid"]?.shown ?? "")
        }
        if let refusal = claimRefusal(payload, key: key, now: now) { return refusal }
        let signed = Array(authorization.dropFirst("Bearer ".count).utf8.prefix(parts[0].utf8.count + 1 + parts[1].utf8.count))
        return key.accepts(signature, of: signed) ? nil : .signature
    }

    private func claimRefusal(_ payload: [String: Claim], key: APIKey, now: Date) -> APITokenRefusal? {
        guard case .text(let iss) = payload["iss"] ?? .other, iss == key.issuerId else { return .issuer(payload["iss"]?.shown ?? "") }
        guard case .text(let aud) = payload["aud"] ?? .other, aud == "appstoreconnect-v1" else {
            return .audience(payload["aud"]?.shown ?? "")
        }
        guard case .text(let bid) = payload["bid"] ?? .other, bid == bundleId else { return .bundle(payload["bid"]?.shown ?? "") }
        guard case .number(let exp) = payload["exp"] ?? .other else { return .malformed("no numeric exp") }
        let seconds = Int64(now.timeIntervalSince1970)
        guard exp > seconds else { return .expired }
        if case .number(let iat) = payload["iat"] ?? .other {
            guard exp - iat <= 3_600 else { return .tooLong }
        } else if payload["iat"] != nil {
            return .malformed("iat is not a number")
        }
        return exp - seconds <= 3_600 ? nil : .tooLong
    }

    /// A claim's value: text, a whole number, or anything else.
    private enum Claim: Equatable {
        case text(String)
        case number(Int64)
        case other

        var shown: String {
            switch self {
            case .text(let text): text
            case .number(let number): String(number)
            case .other: "?"
            }
        }
    }

    /// The members of a JSON object, strings and whole numbers kept; nil for anything else.
    private static func claims(_ bytes: [UInt8]) -> [String: Claim]? {
        var cursor = JSONCursor(String(decoding: bytes, as: UTF8.self))
        var claims: [String: Claim] = [:]
        do {
            try cursor.object { (key, value) throws(JSONCursorError) in
                var probe = value
                if let text = try? probe.string() {
                    claims[key.description] = .text(text)
                    value = probe
                } else if let number = try? value.integer() {
                    claims[key.description] = .number(number)
                } else {
                    claims[key.description] = .other
                    try value.skip()
                }
            }
            try cursor.end()
        } catch {
            return nil
        }
        return claims
    }
}
