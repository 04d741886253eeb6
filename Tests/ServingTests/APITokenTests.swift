import Foundation
import IAPCore
import Serving
import Signing
import StoreEngine
import Testing

/// The App Store Server API's token check, as Apple's "Generating JSON Web Tokens for API
/// requests" describes it: every way a backend gets its token wrong is refused with its reason,
/// and the token Apple's own library makes (no `iat`, `exp` five minutes ahead) is accepted.
@Suite struct APITokenTests {
    let pair: ECKeyPair
    let key: APIKey
    let check: APIToken
    let now = Date(timeIntervalSince1970: 1_800_000_000)

    init() throws {
        pair = try ECKeyPair.random()
        key = APIKey(keyId: "2X9R4HXF34", issuerId: "57246542-96fe-1a63-e053-0824d011072a", publicKeyDER: pair.publicKeyDER)
        check = APIToken(keys: [key], bundleId: "com.storesim.app")
    }

    /// A token as a backend makes it, with `header` and `claims` as JSON texts, signed by `signer`.
    func token(header: String? = nil, claims: String? = nil, signer: ECKeyPair? = nil) throws -> String {
        let exp = Int(now.timeIntervalSince1970) + 300
        let header = header ?? #"{"alg":"ES256","kid":"2X9R4HXF34","typ":"JWT"}"#
        let claims = claims ?? #"{"iss":"57246542-96fe-1a63-e053-0824d011072a","aud":"appstoreconnect-v1","bid":"com.storesim.app","exp":\#(exp)}"#
        let input = Base64.url.encode(Array(header.utf8)) + "." + Base64.url.encode(Array(claims.utf8))
        let signature = try (signer ?? pair).sign(Array(input.utf8))
        return "Bearer " + input + "." + Base64.url.encode(signature.raw)
    }

    func claims(iss: String = "57246542-96fe-1a63-e053-0824d011072a", aud: String = "appstoreconnect-v1", bid: String = "com.storesim.app",
                iat: Int? = nil, exp: Int) -> String {
        let issued = iat.map { #","iat":\#($0)"# } ?? ""
        return #"{"iss":"\#(iss)","aud":"\#(aud)","bid":"\#(bid)","exp":\#(exp)\#(issued)}"#
    }

    @Test func aTokenAsApplesLibraryMakesItIsAccepted() throws {
        #expect(check.refusal(of: try token(), now: now) == nil)
        let issued = Int(now.timeIntervalSince1970)
        #expect(check.refusal(of: try token(claims: claims(iat: issued - 60, exp: issued + 3_000)), now: now) == nil)
    }

    /// The token the bench and the load tests send passes the check, for an hour at the most.
    @Test func aTokenMadeForAKeyIsAccepted() throws {
        #expect(check.refusal(of: "Bearer " + (try APIToken.made(for: key, signedBy: pair, bundleId: "com.storesim.app", now: now)), now: now) == nil)
        let overlong = try APIToken.made(for: key, signedBy: pair, bundleId: "com.storesim.app", now: now, seconds: 3_601)
        #expect(check.refusal(of: "Bearer " + overlong, now: now) == .tooLong)
    }

    /// A token accepted once is remembered, not trusted past its `exp`.
    @Test func aTokenAcceptedOnceIsRefusedOnceItExpires() throws {
        let reused = try token()
        #expect(check.refusal(of: reused, now: now) == nil)
        #expect(check.refusal(of: reused, now: now.addingTimeInterval(299)) == nil)
        #expect(check.refusal(of: reused, now: now.addingTimeInterval(300)) == .expired)
    }

    @Test func aMissingOrOddHeaderIsRefused() throws {
        #expect(check.refusal(of: nil, now: now) == .missing)
        #expect(check.refusal(of: "", now: now) == .missing)
        #expect(check.refusal(of: "Basic dXNlcjpwYXNz", now: now) == .notBearer)
        #expect(check.refusal(of: "Bearer a.b", now: now) == .malformed("2 parts, not 3"))
        #expect(check.refusal(of: "Bearer !!.??.**", now: now) == .malformed("a part is not base64url"))
        let notJSON = "Bearer " + Base64.url.encode(Array("nope".utf8)) + ".e30.AAAA"
        #expect(check.refusal(of: notJSON, now: now) == .malformed("its header or payload is not a JSON object"))
    }

    @Test func aTokenOfAnotherAlgorithmOrAnUnknownKeyIsRefused() throws {
        #expect(check.refusal(of: try token(header: #"{"alg":"HS256","kid":"2X9R4HXF34"}"#), now: now) == .algorithm("HS256"))
        #expect(check.refusal(of: try token(header: #"{"alg":"none","kid":"2X9R4HXF34"}"#), now: now) == .algorithm("none"))
        #expect(check.refusal(of: try token(header: #"{"alg":"ES256","kid":"ZZZZZZZZZZ"}"#), now: now) == .unknownKey("ZZZZZZZZZZ"))
        #expect(check.refusal(of: try token(header: #"{"alg":"ES256"}"#), now: now) == .unknownKey(""))
    }

    @Test func aTokenForAnotherIssuerAudienceOrAppIsRefused() throws {
        let exp = Int(now.timeIntervalSince1970) + 300
        #expect(check.refusal(of: try token(claims: claims(iss: "someone-else", exp: exp)), now: now) == .issuer("someone-else"))
        #expect(check.refusal(of: try token(claims: claims(aud: "appstoreconnect-v2", exp: exp)), now: now) == .audience("appstoreconnect-v2"))
        #expect(check.refusal(of: try token(claims: claims(bid: "com.other.app", exp: exp)), now: now) == .bundle("com.other.app"))
    }

    /// Apple: "Tokens that expire more than 60 minutes after the time of issue (iat) aren't valid."
    @Test func anExpiredOrOverlongTokenIsRefused() throws {
        let seconds = Int(now.timeIntervalSince1970)
        #expect(check.refusal(of: try token(claims: claims(exp: seconds)), now: now) == .expired)
        #expect(check.refusal(of: try token(claims: claims(exp: seconds - 3_600)), now: now) == .expired)
        #expect(check.refusal(of: try token(claims: claims(iat: seconds, exp: seconds + 3_601)), now: now) == .tooLong)
        #expect(check.refusal(of: try token(claims: claims(exp: seconds + 7_200)), now: now) == .tooLong)
        let noExp = #"{"iss":"57246542-96fe-1a63-e053-0824d011072a","aud":"appstoreconnect-v1","bid":"com.storesim.app"}"#
        #expect(check.refusal(of: try token(claims: noExp), now: now) == .malformed("no numeric exp"))
    }

    @Test func aTokenSignedByAnotherKeyOrAlteredIsRefused() throws {
        #expect(check.refusal(of: try token(signer: try ECKeyPair.random()), now: now) == .signature)
        let good = try token()
        var parts = good.split(separator: ".").map(String.init)
        let exp = Int(now.timeIntervalSince1970) + 300
        parts[1] = Base64.url.encode(Array(claims(bid: "com.storesim.app", exp: exp + 1).utf8))
        #expect(check.refusal(of: parts.joined(separator: "."), now: now) == .signature)
    }
}

/// A `.p8` StoreSim wrote is read back as the same key pair; other text is not a key.
@Suite struct PrivateKeyFileTests {
    @Test func aKeyFileIsReadBackAsItsKeyPair() throws {
        let pair = try ECKeyPair.random()
        #expect(ECKeyPair(privateKeyPEM: pair.privateKeyPEM) == pair)
        #expect(ECKeyPair(privateKeyPEM: "-----BEGIN PRIVATE KEY-----\nAAAA\n-----END PRIVATE KEY-----\n") == nil)
        #expect(ECKeyPair(privateKeyPEM: pair.publicKeyPEM) == nil)
        var damaged = Array(pair.privateKeyPEM.utf8)
        damaged[40] = damaged[40] == UInt8(ascii: "A") ? UInt8(ascii: "B") : UInt8(ascii: "A")
        #expect(ECKeyPair(privateKeyPEM: String(decoding: damaged, as: UTF8.self)) == nil)
    }
}
