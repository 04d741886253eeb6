import Foundation
import IAPCore
import Signing
import StoreEngine

/// The App Store Server API's check of a request's token, as Apple documents it ("Generating
/// JSON Web Tokens for API requests"): a Bearer JWT whose header names `alg` ES256 and the `kid`
/// of an in-app purchase key the world knows, whose payload carries the key's `iss`, `aud`
/// "appstoreconnect-v1", the app's `bid` and an `exp` in the future — "Tokens that expire more
/// than 60 minutes after the time of issue (iat) aren't valid" — signed with that key.
/// A token accepted once is remembered until it expires, so that a backend that reuses its token
/// (as Apple allows, for up to an hour) costs one signature check, not one a request.
public struct APIToken: Sendable {
    public let keys: [APIKey]
    public let bundleId: String
    /// The Google Play Developer API's access token of a served Play world; nil on the App Store.
    public let playAccessToken: String?
    private let accepted = AcceptedTokens()

    public init(keys: [APIKey], bundleId: String, playAccessToken: String? = nil) {
        self.keys = keys
        self.bundleId = bundleId
        self.playAccessToken = playAccessToken
    }

    /// Nil when `authorization` is `Bearer` and the Play world's access token (what a Google
    /// client library sends with an OAuth 2 credential); else why not. Google answers each with 401.
    public func playRefusal(of authorization: String?) -> APITokenRefusal? {
        guard let authorization, !authorization.isEmpty else { return .missing }
        guard authorization.hasPrefix("Bearer ") else { return .notBearer }
        guard let playAccessToken, authorization.dropFirst("Bearer ".count) == playAccessToken else { return .notTheAccessToken }
        return nil
    }

    /// A token for `key` as a backend makes one (signed by `pair`, the key's private half), issued
    /// at `now` and valid for `seconds`: what the bench and a load test send.
    public static func made(for key: APIKey, signedBy pair: ECKeyPair, bundleId: String, now: Date = Date(),
                            seconds: Int = 3_000) throws(SigningError) -> String {
        let issued = Int(now.timeIntervalSince1970)
        let header = #"{"alg":"ES256","kid":"\#(key.keyId)","typ":"JWT"}"#
        let claims = #"{"iss":"\#(key.issuerId)","iat":\#(issued),"exp":\#(issued + seconds),"aud":"appstoreconnect-v1","bid":"\#(bundleId)"}"#
        let input = Base64.url.encode(Array(header.utf8)) + "." + Base64.url.encode(Array(claims.utf8))
        return input + "." + Base64.url.encode(try pair.sign(Array(input.utf8)).raw)
    }

    /// Nil when `authorization` carries a token the API accepts at wall-clock `now`; else why not.
    public func refusal(of authorization: String?, now: Date) -> APITokenRefusal? {
        let seconds = Int64(now.timeIntervalSince1970)
        if let authorization, let expiry = accepted.expiry(of: authorization) {
            return expiry > seconds ? nil : .expired
        }
        switch check(authorization, now: now) {
        case .failure(let refusal): return refusal
        case .success(let expiry):
            if let authorization { accepted.keep(authorization, expiring: expiry) }
            return nil
        }
    }

    /// The token's `exp` when the API accepts it at `now`; else why not.
    private func check(_ authorization: String?, now: Date) -> Result<Int64, APITokenRefusal> {
        guard let authorization, !authorization.isEmpty else { return .failure(.missing) }
        guard authorization.hasPrefix("Bearer ") else { return .failure(.notBearer) }
        let parts = authorization.dropFirst("Bearer ".count).split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 3 else { return .failure(.malformed("\(parts.count) parts, not 3")) }
        guard let headerBytes = Base64.url.decode(parts[0]), let payloadBytes = Base64.url.decode(parts[1]),
              let signature = Base64.url.decode(parts[2]) else { return .failure(.malformed("a part is not base64url")) }
        guard let header = Self.claims(headerBytes), let payload = Self.claims(payloadBytes) else {
            return .failure(.malformed("its header or payload is not a JSON object"))
        }
        guard case .text(let alg) = header["alg"] ?? .other, alg == "ES256" else {
            return .failure(.algorithm(header["alg"]?.shown ?? "none"))
        }
        guard case .text(let kid) = header["kid"] ?? .other, let key = keys.first(where: { $0.keyId == kid }) else {
            return .failure(.unknownKey(header["kid"]?.shown ?? ""))
        }
        let expiry = claimsCheck(payload, key: key, now: now)
        guard case .success = expiry else { return expiry }
        let signed = Array(authorization.dropFirst("Bearer ".count).utf8.prefix(parts[0].utf8.count + 1 + parts[1].utf8.count))
        return key.accepts(signature, of: signed) ? expiry : .failure(.signature)
    }

    private func claimsCheck(_ payload: [String: Claim], key: APIKey, now: Date) -> Result<Int64, APITokenRefusal> {
        guard case .text(let iss) = payload["iss"] ?? .other, iss == key.issuerId else { return .failure(.issuer(payload["iss"]?.shown ?? "")) }
        guard case .text(let aud) = payload["aud"] ?? .other, aud == "appstoreconnect-v1" else {
            return .failure(.audience(payload["aud"]?.shown ?? ""))
        }
        guard case .text(let bid) = payload["bid"] ?? .other, bid == bundleId else { return .failure(.bundle(payload["bid"]?.shown ?? "")) }
        guard case .number(let exp) = payload["exp"] ?? .other else { return .failure(.malformed("no numeric exp")) }
        let seconds = Int64(now.timeIntervalSince1970)
        guard exp > seconds else { return .failure(.expired) }
        if case .number(let iat) = payload["iat"] ?? .other {
            guard exp - iat <= 3_600 else { return .failure(.tooLong) }
        } else if payload["iat"] != nil {
            return .failure(.malformed("iat is not a number"))
        }
        return exp - seconds <= 3_600 ? .success(exp) : .failure(.tooLong)
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
