import CCrypto
import Foundation
import IAPCore

/// What a certificate says: its serial, its subject, its validity, the key it certifies and the
/// part it plays in an App Store signing chain. `issue` makes the certificate with libcrypto and
/// signs it deterministically, so the same template and issuer always give the same bytes.
public struct CertificateTemplate: Sendable {
    /// The part a certificate plays in the chain: what its extensions allow.
    public enum Role: Sendable {
        /// A self-signed CA: `basicConstraints` CA, `keyUsage` keyCertSign and cRLSign.
        case root
        /// A CA below the root that issues only leaves (`pathlen:0`), with the marker Apple's
        /// intermediate carries (OID 1.2.840.113635.100.6.2.1).
        case intermediate
        /// The signing certificate: not a CA, `keyUsage` digitalSignature, with the marker
        /// Apple's App Store signing leaf carries (OID 1.2.840.113635.100.6.11.1).
        case leaf
    }

    /// The OID Apple's App Store signing leaf carries, as a verifier checks it.
    public static let leafMarker = "1.2.840.113635.100.6.11.1"
    /// The OID Apple's intermediate carries, as a verifier checks it.
    public static let intermediateMarker = "1.2.840.113635.100.6.2.1"

    public let role: Role
    public let serial: Int
    /// The subject's name, as (attribute, value) pairs in order: `("C", "US")`, `("O", …)`, `("CN", …)`.
    public let subject: [(String, String)]
    public let notBefore: Date
    public let notAfter: Date
    /// The key the certificate certifies.
    public let key: ECKeyPair

    public init(role: Role, serial: Int, subject: [(String, String)], notBefore: Date, notAfter: Date, key: ECKeyPair) {
        self.role = role
        self.serial = serial
        self.subject = subject
        self.notBefore = notBefore
        self.notAfter = notAfter
        self.key = key
    }

    /// The certificate, signed with `issuerKey`; `issuer` is the issuing certificate, or nil for
    /// a self-signed root (then `issuerKey` must be the template's own key).
    public func issue(by issuer: Certificate?, issuerKey: ECKeyPair) throws(SigningError) -> Certificate {
        guard let certificate = X509_new() else { throw LibCrypto.failure("X509_new") }
        defer { X509_free(certificate) }
        try fill(certificate)
        if let issuer {
            try issuer.withX509 { (issuing) throws(SigningError) in try describe(certificate, issuedBy: issuing) }
        } else {
            try describe(certificate, issuedBy: certificate)
        }
        return try Self.signed(certificate, with: issuerKey)
    }

    /// Version 3, serial, validity, subject and public key.
    private func fill(_ certificate: OpaquePointer) throws(SigningError) {
        guard X509_set_version(certificate, 2) == 1,
              ASN1_INTEGER_set(X509_get_serialNumber(certificate), serial) == 1,
              ASN1_TIME_set(X509_getm_notBefore(certificate), time_t(notBefore.timeIntervalSince1970.rounded(.down))) != nil,
              ASN1_TIME_set(X509_getm_notAfter(certificate), time_t(notAfter.timeIntervalSince1970.rounded(.down))) != nil
        else { throw LibCrypto.failure("X509 fields") }
        guard let name = X509_NAME_new() else { throw LibCrypto.failure("X509_NAME_new") }
        defer { X509_NAME_free(name) }
        for (attribute, value) in subject {
            guard X509_NAME_add_entry_by_txt(name, attribute, MBSTRING_UTF8, value, -1, -1, 0) == 1 else {
                throw LibCrypto.failure("X509_NAME_add_entry_by_txt")
            }
        }
        let publicKey = try key.evpPublicKey()
        defer { EVP_PKEY_free(publicKey) }
        guard X509_set_subject_name(certificate, name) == 1, X509_set_pubkey(certificate, publicKey) == 1 else {
            throw LibCrypto.failure("X509_set_subject_name")
        }
    }

    /// The issuer's name and the extensions a real chain needs: basic constraints, key usage,
    /// subject and authority key identifiers, and Apple's marker for the role.
    private func describe(_ certificate: OpaquePointer, issuedBy issuer: OpaquePointer) throws(SigningError) {
        guard X509_set_issuer_name(certificate, X509_get_subject_name(issuer)) == 1 else {
            throw LibCrypto.failure("X509_set_issuer_name")
        }
        var context = X509V3_CTX()
        X509V3_set_ctx(&context, issuer, certificate, nil, nil, 0)
        for (nid, value) in extensions {
            guard let ext = X509V3_EXT_nconf_nid(nil, &context, nid, value) else { throw LibCrypto.failure("X509V3_EXT_nconf_nid") }
            defer { X509_EXTENSION_free(ext) }
            guard X509_add_ext(certificate, ext, -1) == 1 else { throw LibCrypto.failure("X509_add_ext") }
        }
        if let marker {
            try Self.addMarker(marker, to: certificate)
        }
    }

    private var extensions: [(Int32, String)] {
        let constraints: String
        let usage: String
        switch role {
        case .root: (constraints, usage) = ("critical,CA:TRUE", "critical,keyCertSign,cRLSign")
        case .intermediate: (constraints, usage) = ("critical,CA:TRUE,pathlen:0", "critical,keyCertSign,cRLSign")
        case .leaf: (constraints, usage) = ("critical,CA:FALSE", "critical,digitalSignature")
        }
        return [(NID_basic_constraints, constraints), (NID_key_usage, usage),
                (NID_subject_key_identifier, "hash"), (NID_authority_key_identifier, "keyid:always")]
    }

    private var marker: String? {
        switch role {
        case .root: return nil
        case .intermediate: return Self.intermediateMarker
        case .leaf: return Self.leafMarker
        }
    }

    /// A non-critical extension of OID `marker` whose value is an ASN.1 NULL, as Apple's are.
    private static func addMarker(_ marker: String, to certificate: OpaquePointer) throws(SigningError) {
        guard let object = OBJ_txt2obj(marker, 1) else { throw LibCrypto.failure("OBJ_txt2obj") }
        defer { ASN1_OBJECT_free(object) }
        guard let value = ASN1_OCTET_STRING_new() else { throw LibCrypto.failure("ASN1_OCTET_STRING_new") }
        defer { ASN1_OCTET_STRING_free(value) }
        let null: [UInt8] = [0x05, 0x00]
        guard ASN1_OCTET_STRING_set(value, null, Int32(null.count)) == 1,
              let ext = X509_EXTENSION_create_by_OBJ(nil, object, 0, value)
        else { throw LibCrypto.failure("X509_EXTENSION_create_by_OBJ") }
        defer { X509_EXTENSION_free(ext) }
        guard X509_add_ext(certificate, ext, -1) == 1 else { throw LibCrypto.failure("X509_add_ext") }
    }

    /// The certificate signed with ecdsa-with-SHA256 and an RFC 6979 nonce. libcrypto's
    /// `X509_sign` draws a random nonce and has no way to take a signature made elsewhere, so
    /// the algorithm is set in the to-be-signed part, that part is encoded and signed here,
    /// and the certificate is assembled from the three DER parts and read back by libcrypto.
    private static func signed(_ certificate: OpaquePointer, with key: ECKeyPair) throws(SigningError) -> Certificate {
        guard let algorithm = X509_get0_tbs_sigalg(certificate),
              X509_ALGOR_set0(UnsafeMutablePointer(mutating: algorithm), OBJ_nid2obj(NID_ecdsa_with_SHA256), V_ASN1_UNDEF, nil) == 1
        else { throw LibCrypto.failure("X509_ALGOR_set0") }
        let toBeSigned = try LibCrypto.der("i2d_re_X509_tbs") { i2d_re_X509_tbs(certificate, $0) }
        let signature = try key.sign(toBeSigned).der
        let signatureValue = DER.element(tag: 0x03, [0x00] + signature)
        return try Certificate(der: DER.element(tag: 0x30, toBeSigned + DER.ecdsaWithSHA256 + signatureValue))
    }
}
