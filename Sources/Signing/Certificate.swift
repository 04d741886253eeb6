import CCrypto
import Foundation
import IAPCore

/// An X.509 certificate: its DER bytes, and libcrypto's reading of them, made when it is made.
public struct Certificate: Sendable, Equatable {
    /// The certificate's DER encoding.
    public let der: [UInt8]
    private let parsed: ParsedCertificate

    /// A certificate from its DER bytes; bytes libcrypto cannot read as a certificate are refused.
    public init(der: [UInt8]) throws(SigningError) {
        guard let parsed = ParsedCertificate.of(der) else { throw .malformed(.notCertificate) }
        self.der = der
        self.parsed = parsed
    }

    public static func == (lhs: Certificate, rhs: Certificate) -> Bool {
        lhs.der == rhs.der
    }

    /// A certificate from a PEM `CERTIFICATE` block, read by libcrypto's PEM reader.
    public init(pem: String) throws(SigningError) {
        let bytes = Array(pem.utf8)
        let certificate = bytes.withUnsafeBytes { buffer -> OpaquePointer? in
            guard let bio = BIO_new_mem_buf(buffer.baseAddress, Int32(buffer.count)) else { return nil }
            defer { BIO_free(bio) }
            return PEM_read_bio_X509(bio, nil, nil, nil)
        }
        guard let certificate else {
            ERR_clear_error()
            throw .malformed(.notPEMCertificate)
        }
        defer { X509_free(certificate) }
        try self.init(der: LibCrypto.der("i2d_X509") { i2d_X509(certificate, $0) })
    }

    /// The certificate as a PEM `CERTIFICATE` block.
    public var pem: String { PEM.encode(der, label: "CERTIFICATE") }

    /// The certificate as base64 DER, as a JWS header's `x5c` lists it.
    public var base64: String { Data(der).base64EncodedString() }

    /// The subject's common name (`CN`), as libcrypto reads it; nil when the subject has none.
    public var commonName: String? {
        try? withX509 { certificate -> String? in
            guard let name = X509_get_subject_name(certificate) else { return nil }
            var text = [CChar](repeating: 0, count: 256)
            guard X509_NAME_get_text_by_NID(name, NID_commonName, &text, Int32(text.count)) >= 0 else { return nil }
            return String(decoding: text.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        }
    }

    /// Runs `body` with the certificate as a libcrypto `X509`, which `body` only reads.
    func withX509<Result>(_ body: (OpaquePointer) throws(SigningError) -> Result) throws(SigningError) -> Result {
        try withExtendedLifetime(parsed) { () throws(SigningError) -> Result in try body(parsed.x509) }
    }

    /// Whether the certificate's public key is `key`'s.
    public func holds(_ key: ECKeyPair) throws(SigningError) -> Bool {
        try withX509 { (certificate) throws(SigningError) in
            guard let publicKey = X509_get0_pubkey(certificate) else { return false }
            let der = try LibCrypto.der("i2d_PUBKEY") { i2d_PUBKEY(publicKey, $0) }
            return der == key.publicKeyDER
        }
    }
}
