import Foundation
import IAPCore
import Testing
@testable import Signing

/// RFC 6979, appendix A.2.5 ("ECDSA, 256 Bits (Prime Field)", curve NIST P-256): the private
/// key x, its public key U = xG, and for SHA-256 the nonce k and signature (r, s) of the
/// messages "sample" and "test". RFC 6979 section 1: "Deterministic signatures retain the
/// cryptographic security features associated with digital signatures but can be more easily
/// implemented in various environments, since they do not need access to a source of
/// high-quality randomness."
@Suite("ES256 with RFC 6979 nonces")
struct DeterministicSignatureTests {
    static let x = "C9AFA9D845BA75166B5C215767B1D6934E50C3DB36E89B127B8A622B120F6721"

    static func bytes(_ hex: String) -> [UInt8] {
        var bytes: [UInt8] = []
        var index = hex.startIndex
        while index < hex.endIndex {
            let next = hex.index(index, offsetBy: 2)
            bytes.append(UInt8(hex[index..<next], radix: 16) ?? 0)
            index = next
        }
        return bytes
    }

    static func hex(_ bytes: [UInt8]) -> String {
        bytes.map { String(format: "%02X", $0) }.joined()
    }

    @Test("the public key of the RFC's private key is the RFC's U")
    func publicKey() throws {
        let key = try ECKeyPair(privateKey: Self.bytes(Self.x))
        #expect(Self.hex(Array(key.publicKey.dropFirst().prefix(32))) == "60FED4BA255A9D31C961EB74C6356D68C049B8923B61FA6CE669622E60F29FB6")
        #expect(Self.hex(Array(key.publicKey.suffix(32))) == "7903FE1008B8BC99A41AE9E95628BC64F2F1B20C2D7E9F5177A3C294D4462299")
    }

    @Test("the nonce for \"sample\" with SHA-256 is the RFC's k")
    func nonce() throws {
        var nonces = try DeterministicNonce(privateKey: Self.bytes(Self.x), digest: Hashing.sha256(Array("sample".utf8)))
        #expect(Self.hex(try nonces.next()) == "A6E3C57DD01ABE90086538398355DD4C3B17AA873382B0F24D6129493D8AAD60")
    }

    @Test("the signatures of \"sample\" and \"test\" are the RFC's (r, s)", arguments: [
        ("sample", "EFD48B2AACB6A8FD1140DD9CD45E81D69D2C877B56AAF991C34D0EA84EAF3716",
         "F7CB1C942D657C41D436C7A1B6E29F65F3E900DBB9AFF4064DC4AB2F843ACDA8"),
        ("test", "F1ABB023518351CD71D881567B1EA663ED3EFCF6C5132B354F28D3B0B7D38367",
         "019F4113742A2B14BD25926B49C649155F267E60D3814B4C0CC84250E46F0083"),
    ])
    func signature(message: String, r: String, s: String) throws {
        let signature = try ECKeyPair(privateKey: Self.bytes(Self.x)).sign(Array(message.utf8))
        #expect(Self.hex(signature.r) == r)
        #expect(Self.hex(signature.s) == s)
        #expect(signature.raw.count == 64)
    }

    @Test("DER and raw r‖s convert both ways through libcrypto")
    func derRoundTrip() throws {
        let signature = try ECKeyPair(privateKey: Self.bytes(Self.x)).sign(Array("sample".utf8))
        let der = try signature.der
        #expect(der.first == 0x30)
        #expect(try ECDSASignature(der: der) == signature)
        #expect(try ECDSASignature(raw: signature.raw) == signature)
        #expect(throws: SigningError.badSignature) { try ECDSASignature(raw: Array(signature.raw.dropLast())) }
        #expect(throws: SigningError.badSignature) { try ECDSASignature(der: [0x30, 0x02, 0x05, 0x00]) }
    }

    @Test("keys derived from one secret are the same every time; another label or secret gives another key")
    func derivedKeys() throws {
        let secret = Array("world seed 1".utf8)
        let first = try ECKeyPair.derived(from: secret, label: "leaf")
        #expect(try ECKeyPair.derived(from: secret, label: "leaf") == first)
        #expect(try ECKeyPair.derived(from: secret, label: "root") != first)
        #expect(try ECKeyPair.derived(from: Array("world seed 2".utf8), label: "leaf") != first)
        #expect(first.publicKeyDER.count == 91)
        #expect(first.publicKeyPEM.hasPrefix("-----BEGIN PUBLIC KEY-----\n"))
    }
}
