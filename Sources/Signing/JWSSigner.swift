import IAPCore

/// Signs payloads as the App Store signs transactions: a JWS in compact serialization whose
/// header is `{"alg":"ES256","x5c":[leaf, intermediate, root]}` and whose signature is the raw
/// r‖s of an ES256 signature by the leaf's key (RFC 7515, RFC 7518 section 3.4).
public struct JWSSigner: Sendable {
    public let chain: CertificateChain
    private let encodedHeader: String

    public init(chain: CertificateChain) {
        self.chain = chain
        let x5c = [chain.leaf, chain.intermediate, chain.root].map { "\"\($0.base64)\"" }.joined(separator: ",")
        encodedHeader = Base64.url.encode(Array("{\"alg\":\"ES256\",\"x5c\":[\(x5c)]}".utf8))
    }

    /// `payload` signed: header, payload and signature, each base64url, joined by dots.
    public func sign(payload: [UInt8]) throws(SigningError) -> String {
        let signingInput = encodedHeader + "." + Base64.url.encode(payload)
        let signature = try chain.leafKey.sign(Array(signingInput.utf8))
        return signingInput + "." + Base64.url.encode(signature.raw)
    }
}
