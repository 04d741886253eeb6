import CCrypto
import IAPCore

/// A P-256 key pair: the private scalar d and the public point d·G. Keys are derived from a
/// secret, so that a world made from the same seed has the same keys; signatures use RFC 6979
/// nonces, so that the same key and message always give the same signature.
public struct ECKeyPair: Sendable, Equatable {
    /// d, 32 big-endian bytes, from 1 to n-1.
    let privateKey: [UInt8]
    /// The public point, uncompressed: 0x04, x, y (65 bytes).
    public let publicKey: [UInt8]

    /// The key pair of the private scalar `privateKey` (32 big-endian bytes, from 1 to n-1).
    public init(privateKey: [UInt8]) throws(SigningError) {
        guard privateKey.count == P256.scalarLength else { throw .crypto(.privateKeyLength) }
        let d = try BigNumber(bytes: privateKey)
        guard !d.isZero, d.isLess(than: try BigNumber(bytes: P256.order)) else {
            throw .crypto(.privateKeyRange)
        }
        let point = try P256.withGroup { (group, context) throws(SigningError) in
            try P256.multiplyBase(d, group: group, context: context)
        }
        self.privateKey = privateKey
        publicKey = [0x04] + (try point.x.bytes(length: P256.scalarLength)) + (try point.y.bytes(length: P256.scalarLength))
    }

    /// The key pair derived from `secret` for `label`: the private scalar is the HMAC-SHA256 of
    /// the label under the secret, reduced modulo n (a zero result, which never happens in
    /// practice, moves on to the next counter).
    public static func derived(from secret: [UInt8], label: String) throws(SigningError) -> ECKeyPair {
        var counter = 0
        while true {
            let mac = try Hashing.hmacSHA256(key: secret, Array("storesim p-256 \(label) \(counter)".utf8))
            let scalar = try P256.withGroup { (_, context) throws(SigningError) in
                try P256.reduced(BigNumber(bytes: mac), context: context)
            }
            if !scalar.isZero {
                return try ECKeyPair(privateKey: scalar.bytes(length: P256.scalarLength))
            }
            counter += 1
        }
    }

    /// The public key as a DER SubjectPublicKeyInfo.
    public var publicKeyDER: [UInt8] { P256.publicKeyInfoPrefix + publicKey }

    /// The public key as a PEM `PUBLIC KEY` block.
    public var publicKeyPEM: String {
        PEM.encode(publicKeyDER, label: "PUBLIC KEY")
    }

    /// The ECDSA signature of `message`'s SHA-256 digest, with an RFC 6979 nonce.
    public func sign(_ message: [UInt8]) throws(SigningError) -> ECDSASignature {
        try sign(digest: Hashing.sha256(message))
    }

    /// The ECDSA signature of a SHA-256 digest: s = k⁻¹(e + r·d) mod n with r the x coordinate
    /// of k·G mod n, k from RFC 6979; a k that gives r = 0 or s = 0 is passed over.
    func sign(digest: [UInt8]) throws(SigningError) -> ECDSASignature {
        var nonces = try DeterministicNonce(privateKey: privateKey, digest: digest)
        return try P256.withGroup { (group, context) throws(SigningError) in
            let order = try BigNumber(bytes: P256.order)
            let d = try BigNumber(bytes: privateKey)
            let e = try BigNumber(bytes: digest)
            while true {
                let k = try BigNumber(bytes: nonces.next())
                let r = try P256.reduced(P256.multiplyBase(k, group: group, context: context).x, context: context)
                guard !r.isZero else { continue }
                guard let inverse = BN_mod_inverse(nil, k.pointer, order.pointer, context) else {
                    throw LibCrypto.failure("BN_mod_inverse")
                }
                defer { BN_clear_free(inverse) }
                let s = try BigNumber()
                guard BN_mod_mul(s.pointer, r.pointer, d.pointer, order.pointer, context) == 1,
                      BN_mod_add(s.pointer, s.pointer, e.pointer, order.pointer, context) == 1,
                      BN_mod_mul(s.pointer, s.pointer, inverse, order.pointer, context) == 1
                else { throw LibCrypto.failure("BN_mod_mul") }
                guard !s.isZero else { continue }
                return ECDSASignature(r: try r.bytes(length: P256.scalarLength), s: try s.bytes(length: P256.scalarLength))
            }
        }
    }

    /// Whether `signature` is this key's ECDSA signature of `message`'s SHA-256 digest, checked
    /// with the public key alone (by libcrypto, not by the code that signs).
    public func isValid(_ signature: ECDSASignature, of message: [UInt8]) throws(SigningError) -> Bool {
        try Self.isValid(signature, of: message, publicKeyDER: publicKeyDER)
    }

    /// The public key as a libcrypto `EVP_PKEY`, which the caller frees.
    func evpPublicKey() throws(SigningError) -> OpaquePointer {
        guard let key = Self.evpPublicKey(der: publicKeyDER) else { throw LibCrypto.failure("d2i_PUBKEY") }
        return key
    }

    /// The SubjectPublicKeyInfo `der` as a libcrypto `EVP_PKEY`, which the caller frees; nil
    /// when libcrypto cannot read it.
    static func evpPublicKey(der: [UInt8]) -> OpaquePointer? {
        der.withUnsafeBufferPointer { buffer -> OpaquePointer? in
            var cursor = buffer.baseAddress
            return d2i_PUBKEY(nil, &cursor, buffer.count)
        }
    }
}
