import CCrypto
import IAPCore

/// Bytes from the system's random source, through libcrypto's `RAND_bytes` (seeded from getrandom(2)).
public enum RandomBytes {
    /// `count` random bytes; a random source that fails is an error, never a weaker value.
    public static func draw(_ count: Int) throws(SigningError) -> [UInt8] {
        var bytes = [UInt8](repeating: 0, count: count)
        guard RAND_bytes(&bytes, Int32(count)) == 1 else { throw LibCrypto.failure("RAND_bytes") }
        return bytes
    }
}
