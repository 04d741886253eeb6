import CCrypto
import IAPCore

/// SHA-256, SHA-1 and HMAC-SHA256 from libcrypto.
public enum Hashing {
    /// The SHA-256 digest of `bytes`.
    public static func sha256(_ bytes: [UInt8]) throws(SigningError) -> [UInt8] {
        try digest(bytes, EVP_sha256())
    }

    /// The SHA-1 digest of `bytes`, as the app receipt's hash (attribute 5) is made.
    public static func sha1(_ bytes: [UInt8]) throws(SigningError) -> [UInt8] {
        try digest(bytes, EVP_sha1())
    }

    private static func digest(_ bytes: [UInt8], _ algorithm: OpaquePointer?) throws(SigningError) -> [UInt8] {
        var digest = [UInt8](repeating: 0, count: Int(EVP_MAX_MD_SIZE))
        var length: UInt32 = 0
        let ok = bytes.withUnsafeBytes { EVP_Digest($0.baseAddress, $0.count, &digest, &length, algorithm, nil) }
        guard ok == 1 else { throw LibCrypto.failure("EVP_Digest") }
        return Array(digest.prefix(Int(length)))
    }

    /// The HMAC-SHA256 of `bytes` under `key`.
    public static func hmacSHA256(key: [UInt8], _ bytes: [UInt8]) throws(SigningError) -> [UInt8] {
        var output = [UInt8](repeating: 0, count: Int(EVP_MAX_MD_SIZE))
        var length: UInt32 = 0
        let result = key.withUnsafeBytes { keyBuffer in
            bytes.withUnsafeBytes { dataBuffer in
                HMAC(EVP_sha256(), keyBuffer.baseAddress, Int32(key.count),
                     dataBuffer.baseAddress?.assumingMemoryBound(to: UInt8.self), dataBuffer.count, &output, &length)
            }
        }
        guard result != nil else { throw LibCrypto.failure("HMAC") }
        return Array(output.prefix(Int(length)))
    }
}
