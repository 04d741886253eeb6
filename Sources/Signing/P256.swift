import CCrypto
import IAPCore

/// The NIST P-256 curve (prime256v1, secp256r1): its order, its arithmetic through libcrypto,
/// and how its public keys are written.
enum P256 {
    /// Bytes in a scalar or a coordinate.
    static let scalarLength = 32

    /// The order n of the base point.
    static let order: [UInt8] = [
        0xFF, 0xFF, 0xFF, 0xFF, 0x00, 0x00, 0x00, 0x00, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF,
        0xBC, 0xE6, 0xFA, 0xAD, 0xA7, 0x17, 0x9E, 0x84, 0xF3, 0xB9, 0xCA, 0xC2, 0xFC, 0x63, 0x25, 0x51,
    ]

    /// The DER of a SubjectPublicKeyInfo for a P-256 key, up to the uncompressed point: the
    /// `id-ecPublicKey` algorithm with the `prime256v1` curve, then a BIT STRING of 66 bytes.
    static let publicKeyInfoPrefix: [UInt8] = [
        0x30, 0x59, 0x30, 0x13, 0x06, 0x07, 0x2A, 0x86, 0x48, 0xCE, 0x3D, 0x02, 0x01, 0x06, 0x08, 0x2A,
        0x86, 0x48, 0xCE, 0x3D, 0x03, 0x01, 0x07, 0x03, 0x42, 0x00,
    ]

    /// Runs `body` with the curve's group and a scratch context, both freed afterwards.
    static func withGroup<Result>(_ body: (OpaquePointer, OpaquePointer) throws(SigningError) -> Result)
        throws(SigningError) -> Result {
        guard let group = EC_GROUP_new_by_curve_name(NID_X9_62_prime256v1) else {
            throw LibCrypto.failure("EC_GROUP_new_by_curve_name")
        }
        defer { EC_GROUP_free(group) }
        guard let context = BN_CTX_new() else { throw LibCrypto.failure("BN_CTX_new") }
        defer { BN_CTX_free(context) }
        return try body(group, context)
    }

    /// The point `scalar`·G, as its two affine coordinates.
    static func multiplyBase(_ scalar: BigNumber, group: OpaquePointer, context: OpaquePointer)
        throws(SigningError) -> (x: BigNumber, y: BigNumber) {
        guard let point = EC_POINT_new(group) else { throw LibCrypto.failure("EC_POINT_new") }
        defer { EC_POINT_clear_free(point) }
        guard EC_POINT_mul(group, point, scalar.pointer, nil, nil, context) == 1 else { throw LibCrypto.failure("EC_POINT_mul") }
        let x = try BigNumber()
        let y = try BigNumber()
        guard EC_POINT_get_affine_coordinates(group, point, x.pointer, y.pointer, context) == 1 else {
            throw LibCrypto.failure("EC_POINT_get_affine_coordinates")
        }
        return (x, y)
    }

    /// `value` reduced modulo the order n.
    static func reduced(_ value: BigNumber, context: OpaquePointer) throws(SigningError) -> BigNumber {
        let order = try BigNumber(bytes: order)
        let result = try BigNumber()
        guard BN_nnmod(result.pointer, value.pointer, order.pointer, context) == 1 else { throw LibCrypto.failure("BN_nnmod") }
        return result
    }
}
