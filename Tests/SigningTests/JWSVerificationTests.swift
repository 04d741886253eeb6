import Foundation
import IAPCore
import Testing
@testable import Signing

/// Apple's JWSDecodedHeader: "The App Store signs transaction and renewal information … It
/// uses the following x5c certificate chain, in the following order", leaf, intermediate,
/// root; and JWSTransaction: "Use the information in the header to verify the signature."
@Suite("JWS verification, offline, against a pinned root")
struct JWSVerificationTests {
    let chain: CertificateChain
    let jws: String
    let verifier: JWSVerifier

    init() throws {
        chain = try ChainFixture.chain()
        jws = try JWSSigner(chain: chain).sign(payload: ChainFixture.payload())
        verifier = JWSVerifier(root: chain.root)
    }

    @Test("a genuine JWS verifies at its signedDate and gives back its payload")
    func genuine() throws {
        #expect(try verifier.verify(jws, at: .signedDate) == ChainFixture.payload())
        #expect(try verifier.verify(jws, at: .date(ChainFixture.start)) == ChainFixture.payload())
        let header = try #require(Base64.url.decode(jws.split(separator: ".")[0]))
        #expect(String(decoding: header, as: UTF8.self).hasPrefix("{\"alg\":\"ES256\",\"x5c\":[\"\(chain.leaf.base64)\",\"\(chain.intermediate.base64)\""))
        #expect(Base64.url.decode(jws.split(separator: ".")[2])?.count == 64)
    }

    @Test("a byte changed anywhere in the header, the payload or the signature is rejected", arguments: [0, 1, 2])
    func everyByte(part: Int) throws {
        let length = jws.split(separator: ".")[part].count
        for offset in stride(from: 0, to: length, by: max(1, length / 40)) {
            let tampered = ChainFixture.changing(part: part, at: offset, of: jws)
            guard tampered != jws else { continue }
            #expect(throws: SigningError.self) { try verifier.verify(tampered, at: .signedDate) }
        }
    }

    @Test("a payload swapped for another, a header with a field added, or a short signature is a bad signature")
    func swappedParts() throws {
        let dearer = Base64.url.encode(ChainFixture.payload(productId: "com.storesim.coins.550"))
        #expect(throws: SigningError.badSignature) {
            try verifier.verify(ChainFixture.replacing(part: 1, of: jws, with: dearer), at: .signedDate)
        }
        let x5c = [chain.leaf, chain.intermediate, chain.root].map { "\"\($0.base64)\"" }.joined(separator: ",")
        let header = Base64.url.encode(Array("{\"alg\":\"ES256\",\"kid\":\"forged\",\"x5c\":[\(x5c)]}".utf8))
        #expect(throws: SigningError.badSignature) {
            try verifier.verify(ChainFixture.replacing(part: 0, of: jws, with: header), at: .signedDate)
        }
        let raw = try #require(Base64.url.decode(jws.split(separator: ".")[2]))
        #expect(throws: SigningError.badSignature) {
            try verifier.verify(ChainFixture.replacing(part: 2, of: jws, with: Base64.url.encode(Array(raw.dropLast()))), at: .signedDate)
        }
    }

    @Test("a chain with another chain's intermediate or leaf is a bad chain")
    func foreignCertificates() throws {
        let other = try ChainFixture.chain("world seed 2")
        for certificates in [[chain.leaf, other.intermediate, chain.root], [other.leaf, chain.intermediate, chain.root]] {
            let forged = ChainFixture.replacing(part: 0, of: jws, with: ChainFixture.header(certificates))
            #expect(throws: SigningError.self) { try verifier.verify(forged, at: .signedDate) }
            do {
                _ = try verifier.verify(forged, at: .signedDate)
            } catch {
                guard case .badChain = error else {
                    Issue.record("expected a bad chain, got \(error)")
                    return
                }
            }
        }
    }

    @Test("a JWS signed under another root is refused as the wrong root, even when it is valid in itself")
    func wrongRoot() throws {
        let other = try ChainFixture.chain("world seed 2")
        let foreign = try JWSSigner(chain: other).sign(payload: ChainFixture.payload())
        #expect(try JWSVerifier(root: other.root).verify(foreign, at: .signedDate) == ChainFixture.payload())
        #expect(throws: SigningError.wrongRoot) { try verifier.verify(foreign, at: .signedDate) }
    }

    @Test("certificates expired, or not yet valid, at the verification time make a bad chain")
    func validity() throws {
        let expired = SigningError.badChain(.libcrypto("certificate has expired"))
        #expect(throws: expired) { try verifier.verify(jws, at: .date(ChainFixture.end.addingTimeInterval(86400))) }
        #expect(throws: SigningError.badChain(.libcrypto("certificate is not yet valid"))) {
            try verifier.verify(jws, at: .date(ChainFixture.start.addingTimeInterval(-86400)))
        }
        let late = try JWSSigner(chain: chain).sign(payload: ChainFixture.payload(signedAt: ChainFixture.end.addingTimeInterval(60)))
        #expect(throws: expired) { try verifier.verify(late, at: .signedDate) }
    }

    @Test("a leaf without the App Store signing marker is a bad chain")
    func marker() throws {
        let keys = try CertificateChain.keys(secret: Array("world seed 1".utf8))
        let unmarked = try CertificateTemplate(
            role: .intermediate, serial: 9, subject: [("CN", "Not a signing certificate")],
            notBefore: ChainFixture.start, notAfter: ChainFixture.end, key: keys.leaf
        ).issue(by: chain.intermediate, issuerKey: keys.intermediate)
        let forged = ChainFixture.replacing(part: 0, of: jws, with: ChainFixture.header([unmarked, chain.intermediate, chain.root]))
        #expect(throws: SigningError.badChain(.lacksMarker(.leaf, oid: CertificateTemplate.leafMarker))) {
            try verifier.verify(forged, at: .signedDate)
        }
    }

    @Test("a JWS that is not three parts, not JSON, not ES256 or without three certificates is malformed")
    func malformed() throws {
        #expect(throws: SigningError.malformed(.parts(2))) { try verifier.verify("a.b", at: .signedDate) }
        let notJSON = Base64.url.encode(Array("not json".utf8))
        #expect(throws: SigningError.malformed(.headerNotJSON)) {
            try verifier.verify(ChainFixture.replacing(part: 0, of: jws, with: notJSON), at: .signedDate)
        }
        #expect(throws: SigningError.malformed(.algNotES256)) {
            try verifier.verify(ChainFixture.replacing(part: 0, of: jws, with: ChainFixture.header([chain.leaf, chain.intermediate, chain.root], alg: "none")), at: .signedDate)
        }
        #expect(throws: SigningError.malformed(.x5cNotThreeCertificates)) {
            try verifier.verify(ChainFixture.replacing(part: 0, of: jws, with: ChainFixture.header([chain.leaf, chain.root])), at: .signedDate)
        }
        let unsigned = try JWSSigner(chain: chain).sign(payload: Array("{\"productId\":\"x\"}".utf8))
        #expect(throws: SigningError.malformed(.noSignedDate)) { try verifier.verify(unsigned, at: .signedDate) }
    }

    @Test("a part that is not base64url is named")
    func badBase64() throws {
        #expect(throws: SigningError.badBase64("header")) { try verifier.verify(ChainFixture.replacing(part: 0, of: jws, with: "e30="), at: .signedDate) }
        #expect(throws: SigningError.badBase64("payload")) { try verifier.verify(ChainFixture.replacing(part: 1, of: jws, with: "a+b/"), at: .signedDate) }
        #expect(throws: SigningError.badBase64("signature")) { try verifier.verify(ChainFixture.replacing(part: 2, of: jws, with: "!"), at: .signedDate) }
        let header = Base64.url.encode(Array("{\"alg\":\"ES256\",\"x5c\":[\"%%\",\"\",\"\"]}".utf8))
        #expect(throws: SigningError.badBase64("x5c[0]")) { try verifier.verify(ChainFixture.replacing(part: 0, of: jws, with: header), at: .signedDate) }
    }
}
