import CCrypto
import Foundation
import IAPCore

/// Verifies a JWS the App Store signed, offline, as a server does: the `x5c` chain must lead
/// from the leaf through the intermediate to the pinned root and be valid at the verification
/// time, each certificate must carry the marker of its place, and the signature must be the
/// leaf key's ES256 signature of the header and payload.
public struct JWSVerifier: Sendable {
    /// When the certificates must be valid.
    public enum Moment: Sendable, Equatable {
        /// When the App Store signed it: the payload's `signedDate` (milliseconds since 1970).
        case signedDate
        /// A given moment, such as the simulated clock's now.
        case date(Date)
    }

    /// The root certificate the verifier trusts, and no other.
    public let root: Certificate

    public init(root: Certificate) {
        self.root = root
    }

    /// The payload of `jws` once everything checks; else the first check that failed.
    public func verify(_ jws: String, at moment: Moment) throws(SigningError) -> [UInt8] {
        // Split as an array of bytes: a notification's JWS is kilobytes, which `String.split`
        // went through a character at a time (a third of an advance that posts notifications).
        let bytes = Array(jws.utf8)
        let parts = bytes.split(separator: UInt8(ascii: "."), omittingEmptySubsequences: false)
        guard parts.count == 3 else { throw .malformed(.parts(parts.count)) }
        guard let header = Base64.url.decode(parts[0]) else { throw .badBase64("header") }
        guard let payload = Base64.url.decode(parts[1]) else { throw .badBase64("payload") }
        guard let signature = Base64.url.decode(parts[2]) else { throw .badBase64("signature") }
        let chain = try Self.certificates(in: header)
        guard chain[2] == root else { throw .wrongRoot }
        try verifyChain(leaf: chain[0], intermediate: chain[1], at: Self.time(of: moment, payload: payload))
        try Self.verify(ECDSASignature(raw: signature), of: Array(bytes[..<parts[1].endIndex]), by: chain[0])
        return payload
    }

    /// The header's certificates, leaf first; the header must say ES256 and carry three.
    private static func certificates(in header: [UInt8]) throws(SigningError) -> [Certificate] {
        guard let object = try? JSONSerialization.jsonObject(with: Data(header)) as? [String: Any] else {
            throw .malformed(.headerNotJSON)
        }
        guard object["alg"] as? String == "ES256" else { throw .malformed(.algNotES256) }
        guard let x5c = object["x5c"] as? [String], x5c.count == 3 else {
            throw .malformed(.x5cNotThreeCertificates)
        }
        var certificates: [Certificate] = []
        for (index, text) in x5c.enumerated() {
            guard let der = Data(base64Encoded: text) else { throw .badBase64("x5c[\(index)]") }
            do {
                certificates.append(try Certificate(der: Array(der)))
            } catch {
                throw .malformed(.x5cEntryNotCertificate(index))
            }
        }
        return certificates
    }

    /// The verification time in seconds since 1970.
    private static func time(of moment: Moment, payload: [UInt8]) throws(SigningError) -> time_t {
        switch moment {
        case .date(let date):
            return time_t(date.timeIntervalSince1970.rounded(.down))
        case .signedDate:
            guard let object = try? JSONSerialization.jsonObject(with: Data(payload)) as? [String: Any] else {
                throw .malformed(.payloadNotJSON)
            }
            guard let millis = (object["signedDate"] as? NSNumber)?.int64Value else {
                throw .malformed(.noSignedDate)
            }
            return time_t(millis / 1000)
        }
    }

    /// libcrypto's chain check against a store that trusts only the pinned root, at `time`,
    /// with RFC 5280's strict rules; then the markers of Apple's intermediate and leaf.
    private func verifyChain(leaf: Certificate, intermediate: Certificate, at time: time_t) throws(SigningError) {
        guard let store = X509_STORE_new() else { throw LibCrypto.failure("X509_STORE_new") }
        defer { X509_STORE_free(store) }
        guard try root.withX509({ X509_STORE_add_cert(store, $0) }) == 1 else { throw LibCrypto.failure("X509_STORE_add_cert") }
        try leaf.withX509 { (leafCertificate) throws(SigningError) in
            try intermediate.withX509 { (intermediateCertificate) throws(SigningError) in
                guard let untrusted = storesim_x509_stack_new() else { throw LibCrypto.failure("sk_X509_new_null") }
                defer { storesim_x509_stack_free(untrusted) }
                guard storesim_x509_stack_push(untrusted, intermediateCertificate) > 0,
                      let context = X509_STORE_CTX_new()
                else { throw LibCrypto.failure("X509_STORE_CTX_new") }
                defer { X509_STORE_CTX_free(context) }
                guard X509_STORE_CTX_init(context, store, leafCertificate, untrusted) == 1 else {
                    throw LibCrypto.failure("X509_STORE_CTX_init")
                }
                let parameters = X509_STORE_CTX_get0_param(context)
                X509_VERIFY_PARAM_set_time(parameters, time)
                X509_VERIFY_PARAM_set_flags(parameters, UInt(X509_V_FLAG_X509_STRICT))
                guard X509_verify_cert(context) == 1 else {
                    let code = X509_STORE_CTX_get_error(context)
                    ERR_clear_error()
                    throw .badChain(.libcrypto(String(cString: X509_verify_cert_error_string(Int(code)))))
                }
            }
        }
        try Self.requireMarker(CertificateTemplate.intermediateMarker, in: intermediate, .intermediate)
        try Self.requireMarker(CertificateTemplate.leafMarker, in: leaf, .leaf)
    }

    private static func requireMarker(_ oid: String, in certificate: Certificate, _ place: ChainPlace) throws(SigningError) {
        let found = try certificate.withX509 { (x509) throws(SigningError) -> Bool in
            guard let object = OBJ_txt2obj(oid, 1) else { throw LibCrypto.failure("OBJ_txt2obj") }
            defer { ASN1_OBJECT_free(object) }
            return X509_get_ext_by_OBJ(x509, object, -1) >= 0
        }
        guard found else { throw .badChain(.lacksMarker(place, oid: oid)) }
    }

    /// The ES256 check of `signature` over `signingInput` with the leaf's public key.
    private static func verify(_ signature: ECDSASignature, of signingInput: [UInt8], by leaf: Certificate) throws(SigningError) {
        let der = try signature.der
        let valid = try leaf.withX509 { (certificate) throws(SigningError) -> Bool in
            guard let key = X509_get0_pubkey(certificate), let context = EVP_MD_CTX_new() else {
                throw LibCrypto.failure("EVP_MD_CTX_new")
            }
            defer { EVP_MD_CTX_free(context) }
            guard EVP_DigestVerifyInit(context, nil, EVP_sha256(), nil, key) == 1 else { return false }
            return EVP_DigestVerify(context, der, der.count, signingInput, signingInput.count) == 1
        }
        ERR_clear_error()
        guard valid else { throw .badSignature }
    }
}
