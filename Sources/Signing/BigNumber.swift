import CCrypto
import IAPCore

/// A libcrypto BIGNUM owned by Swift: cleared and freed when the last reference goes.
final class BigNumber {
    let pointer: OpaquePointer

    /// Zero.
    init() throws(SigningError) {
        guard let pointer = BN_new() else { throw LibCrypto.failure("BN_new") }
        self.pointer = pointer
    }

    /// The unsigned big-endian integer `bytes` spell.
    init(bytes: [UInt8]) throws(SigningError) {
        guard let pointer = BN_bin2bn(bytes, Int32(bytes.count), nil) else { throw LibCrypto.failure("BN_bin2bn") }
        self.pointer = pointer
    }

    deinit {
        BN_clear_free(pointer)
    }

    /// The number as `length` big-endian bytes, zero-padded on the left.
    func bytes(length: Int) throws(SigningError) -> [UInt8] {
        var bytes = [UInt8](repeating: 0, count: length)
        guard BN_bn2binpad(pointer, &bytes, Int32(length)) == Int32(length) else { throw LibCrypto.failure("BN_bn2binpad") }
        return bytes
    }

    var isZero: Bool { BN_is_zero(pointer) == 1 }

    /// Whether the number is less than `other`.
    func isLess(than other: BigNumber) -> Bool {
        BN_cmp(pointer, other.pointer) < 0
    }
}
