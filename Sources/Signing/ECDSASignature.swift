import CCrypto
import IAPCore

/// An ECDSA signature over P-256: the two integers r and s, as JWS writes them (the raw 64
/// bytes r‖s) and as X.509 and libcrypto write them (a DER `ECDSA-Sig-Value`).
public struct ECDSASignature: Sendable, Equatable {
    /// r, 32 big-endian bytes.
    public let r: [UInt8]
    /// s, 32 big-endian bytes.
    public let s: [UInt8]

    init(r: [UInt8], s: [UInt8]) {
        self.r = r
        self.s = s
    }

    /// A signature from JWS's raw form: exactly 64 bytes, r then s.
    public init(raw: [UInt8]) throws(SigningError) {
        guard raw.count == 2 * P256.scalarLength else { throw .badSignature }
        r = Array(raw.prefix(P256.scalarLength))
        s = Array(raw.suffix(P256.scalarLength))
    }

    /// A signature from its DER encoding, read with `d2i_ECDSA_SIG` and `ECDSA_SIG_get0`.
    public init(der: [UInt8]) throws(SigningError) {
        let signature = der.withUnsafeBufferPointer { buffer -> OpaquePointer? in
            var cursor = buffer.baseAddress
            return d2i_ECDSA_SIG(nil, &cursor, buffer.count)
        }
        guard let signature else { throw .badSignature }
        defer { ECDSA_SIG_free(signature) }
        var r: OpaquePointer?
        var s: OpaquePointer?
        ECDSA_SIG_get0(signature, &r, &s)
        guard let r, let s else { throw .badSignature }
        self.r = try Self.padded(r)
        self.s = try Self.padded(s)
    }

    /// r‖s, as a JWS carries it.
    public var raw: [UInt8] { r + s }

    /// The DER `ECDSA-Sig-Value`, as `i2d_ECDSA_SIG` writes it.
    public var der: [UInt8] {
        get throws(SigningError) {
            guard let signature = ECDSA_SIG_new() else { throw LibCrypto.failure("ECDSA_SIG_new") }
            defer { ECDSA_SIG_free(signature) }
            guard let r = BN_bin2bn(r, Int32(r.count), nil) else { throw LibCrypto.failure("BN_bin2bn") }
            guard let s = BN_bin2bn(s, Int32(s.count), nil) else {
                BN_free(r)
                throw LibCrypto.failure("BN_bin2bn")
            }
            guard ECDSA_SIG_set0(signature, r, s) == 1 else {
                BN_free(r)
                BN_free(s)
                throw LibCrypto.failure("ECDSA_SIG_set0")
            }
            return try LibCrypto.der("i2d_ECDSA_SIG") { i2d_ECDSA_SIG(signature, $0) }
        }
    }

    private static func padded(_ number: OpaquePointer) throws(SigningError) -> [UInt8] {
        var bytes = [UInt8](repeating: 0, count: P256.scalarLength)
        guard BN_bn2binpad(number, &bytes, Int32(P256.scalarLength)) == Int32(P256.scalarLength) else {
            throw .badSignature
        }
        return bytes
    }
}
