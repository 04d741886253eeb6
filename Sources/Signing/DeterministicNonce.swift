import IAPCore

/// The per-signature secret k of ECDSA over P-256 with SHA-256, derived as RFC 6979 section 3.2
/// says: an HMAC-SHA256 DRBG seeded with the private key and the message digest. The same key
/// and digest always give the same k, so a seeded world signs the same bytes every run, and no
/// two digests share a k.
struct DeterministicNonce {
    private var key: [UInt8]
    private var value: [UInt8]
    private var started = false

    /// Steps a to f of RFC 6979 section 3.2, for `privateKey` (32 bytes) and `digest`
    /// (SHA-256, 32 bytes). With qlen = hlen = 256, bits2int is the plain big-endian integer.
    init(privateKey: [UInt8], digest: [UInt8]) throws(SigningError) {
        let reducedDigest = try P256.withGroup { (_, context) throws(SigningError) in
            try P256.reduced(BigNumber(bytes: digest), context: context).bytes(length: P256.scalarLength)
        }
        let seed = privateKey + reducedDigest
        value = [UInt8](repeating: 0x01, count: 32)
        key = [UInt8](repeating: 0x00, count: 32)
        key = try Hashing.hmacSHA256(key: key, value + [0x00] + seed)
        value = try Hashing.hmacSHA256(key: key, value)
        key = try Hashing.hmacSHA256(key: key, value + [0x01] + seed)
        value = try Hashing.hmacSHA256(key: key, value)
    }

    /// The next candidate k in [1, n-1] (step h). A candidate the signer cannot use (r or s
    /// came out zero) is passed over by asking again, which moves the generator on as the RFC
    /// says.
    mutating func next() throws(SigningError) -> [UInt8] {
        let order = try BigNumber(bytes: P256.order)
        while true {
            if started {
                key = try Hashing.hmacSHA256(key: key, value + [0x00])
                value = try Hashing.hmacSHA256(key: key, value)
            }
            started = true
            value = try Hashing.hmacSHA256(key: key, value)
            let candidate = try BigNumber(bytes: value)
            if !candidate.isZero && candidate.isLess(than: order) {
                return value
            }
        }
    }
}
