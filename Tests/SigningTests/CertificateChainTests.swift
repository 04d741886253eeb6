import CCrypto
import Foundation
import IAPCore
import Testing
@testable import Signing

@Suite("X.509 chains made with libcrypto")
struct CertificateChainTests {
    @Test("a chain made twice from one secret and dates is byte for byte the same")
    func deterministic() throws {
        let chain = try ChainFixture.chain()
        #expect(try ChainFixture.chain() == chain)
        #expect(try ChainFixture.chain("world seed 2").root != chain.root)
        #expect(try JWSSigner(chain: chain).sign(payload: ChainFixture.payload())
            == JWSSigner(chain: ChainFixture.chain()).sign(payload: ChainFixture.payload()))
    }

    @Test("each certificate is version 3 with its serial, signed by its issuer's key")
    func issuedBy() throws {
        let chain = try ChainFixture.chain()
        let keys = try CertificateChain.keys(secret: Array("world seed 1".utf8))
        for (certificate, serial, issuer) in [(chain.root, 1, keys.root), (chain.intermediate, 2, keys.root),
                                              (chain.leaf, 3, keys.intermediate)] {
            try certificate.withX509 { (x509) throws(SigningError) in
                #expect(X509_get_version(x509) == 2)
                #expect(ASN1_INTEGER_get(X509_get0_serialNumber(x509)) == serial)
                let key = try issuer.evpPublicKey()
                defer { EVP_PKEY_free(key) }
                #expect(X509_verify(x509, key) == 1)
            }
        }
        #expect(try chain.leaf.holds(keys.leaf))
        #expect(try !chain.leaf.holds(keys.root))
    }

    @Test("the CAs are CAs that may sign certificates; the leaf is not, and may only sign")
    func extensions() throws {
        let chain = try ChainFixture.chain()
        try chain.root.withX509 { (x509) throws(SigningError) in
            #expect(X509_check_ca(x509) == 1)
            #expect(X509_get_key_usage(x509) & UInt32(KU_KEY_CERT_SIGN) != 0)
        }
        try chain.intermediate.withX509 { (x509) throws(SigningError) in
            #expect(X509_check_ca(x509) == 1)
            #expect(X509_get_pathlen(x509) == 0)
        }
        try chain.leaf.withX509 { (x509) throws(SigningError) in
            #expect(X509_check_ca(x509) == 0)
            #expect(X509_get_key_usage(x509) == UInt32(KU_DIGITAL_SIGNATURE))
        }
    }

    @Test("PEM and DER give back the same certificate; libcrypto's PEM reader reads ours")
    func pem() throws {
        let root = try ChainFixture.chain().root
        #expect(root.pem.hasPrefix("-----BEGIN CERTIFICATE-----\n"))
        #expect(root.pem.hasSuffix("\n-----END CERTIFICATE-----\n"))
        #expect(root.pem.split(separator: "\n").allSatisfy { $0.count <= 64 })
        #expect(try Certificate(pem: root.pem) == root)
        #expect(try Certificate(der: root.der) == root)
        #expect(throws: SigningError.malformed(.notCertificate)) { try Certificate(der: Array(root.der.dropLast())) }
        #expect(throws: SigningError.malformed(.notPEMCertificate)) { try Certificate(pem: "-----BEGIN CERTIFICATE-----\n") }
    }

    @Test("a chain whose leaf does not certify the signing key is refused")
    func wrongKey() throws {
        let chain = try ChainFixture.chain()
        #expect(throws: SigningError.badChain(.leafDoesNotCertifyKey)) {
            try CertificateChain(root: chain.root, intermediate: chain.intermediate, leaf: chain.leaf,
                                 leafKey: ECKeyPair.derived(from: Array("other".utf8), label: "leaf"))
        }
    }
}
