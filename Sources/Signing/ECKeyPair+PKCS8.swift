import CCrypto
import IAPCore

extension ECKeyPair {
    /// The DER of a PKCS#8 PrivateKeyInfo for a P-256 key, up to the private scalar: version 0,
    /// the `id-ecPublicKey` algorithm with the `prime256v1` curve, then an OCTET STRING holding
    /// an ECPrivateKey (version 1, the 32-byte scalar), as Apple's `.p8` files are written.
    private static let privateKeyInfoPrefix: [UInt8] = [
        0x30, 0x81, 0x87, 0x02, 0x01, 0x00, 0x30, 0x13, 0x06, 0x07, 0x2A, 0x86, 0x48, 0xCE, 0x3D, 0x02,
        0x01, 0x06, 0x08, 0x2A, 0x86, 0x48, 0xCE, 0x3D, 0x03, 0x01, 0x07, 0x04, 0x6D, 0x30, 0x6B, 0x02,
        0x01, 0x01, 0x04, 0x20,
    ]
    /// What stands between the scalar and the uncompressed public point: the `[1]` public key,
    /// a BIT STRING of 66 bytes.
    private static let publicKeyTag: [UInt8] = [0xA1, 0x44, 0x03, 0x42, 0x00]

    /// A new key pair from the system's random source.
    public static func random() throws(SigningError) -> ECKeyPair {
        try derived(from: RandomBytes.draw(32), label: "random key")
    }

    /// The key pair of a `.p8` as `privateKeyPEM` writes it (the layout of Apple's in-app purchase
    /// keys); nil for any other text or a key whose public point is not its scalar's.
    public init?(privateKeyPEM text: String) {
        let base64 = text.split(separator: "\n").filter { !$0.hasPrefix("-----") }.joined()
        guard text.hasPrefix("-----BEGIN PRIVATE KEY-----"), let der = Base64.standard.decode(Array(base64.utf8)),
              der.count == Self.privateKeyInfoPrefix.count + 32 + Self.publicKeyTag.count + 65,
              der.starts(with: Self.privateKeyInfoPrefix) else { return nil }
        let scalar = Array(der[Self.privateKeyInfoPrefix.count..<Self.privateKeyInfoPrefix.count + 32])
        guard let pair = try? ECKeyPair(privateKey: scalar), der.suffix(65).elementsEqual(pair.publicKey) else { return nil }
        self = pair
    }

    /// The private key as a PKCS#8 PEM `PRIVATE KEY` block, as Apple's in-app purchase `.p8` keys.
    public var privateKeyPEM: String {
        PEM.encode(Self.privateKeyInfoPrefix + privateKey + Self.publicKeyTag + publicKey, label: "PRIVATE KEY")
    }

    /// Whether `signature` is an ECDSA signature of `message`'s SHA-256 digest by the P-256 key
    /// whose SubjectPublicKeyInfo is `publicKeyDER` (checked by libcrypto); false for a DER that
    /// is no such key.
    public static func isValid(_ signature: ECDSASignature, of message: [UInt8], publicKeyDER: [UInt8]) throws(SigningError) -> Bool {
        guard let key = evpPublicKey(der: publicKeyDER) else {
            ERR_clear_error()
            return false
        }
        defer { EVP_PKEY_free(key) }
        guard let context = EVP_MD_CTX_new() else { throw LibCrypto.failure("EVP_MD_CTX_new") }
        defer { EVP_MD_CTX_free(context) }
        let der = try signature.der
        let valid = EVP_DigestVerifyInit(context, nil, EVP_sha256(), nil, key) == 1
            && EVP_DigestVerify(context, der, der.count, message, message.count) == 1
        ERR_clear_error()
        return valid
    }
}
