import CCrypto
import Foundation

/// Signs receipt payloads with HMAC-SHA256 (libcrypto) and checks signatures in constant time.
struct ReceiptSigner {
    let key: [UInt8]

    /// The HMAC-SHA256 of `bytes` under the Store's key.
    func signature(of bytes: [UInt8]) -> [UInt8] {
        var output = [UInt8](repeating: 0, count: Int(EVP_MAX_MD_SIZE))
        var length: UInt32 = 0
        let ok = key.withUnsafeBytes { keyBuffer in
            bytes.withUnsafeBytes { dataBuffer in
                HMAC(EVP_sha256(), keyBuffer.baseAddress, Int32(key.count),
                     dataBuffer.baseAddress?.assumingMemoryBound(to: UInt8.self), dataBuffer.count,
                     &output, &length)
            }
        }
        guard ok != nil else { return [] }
        return Array(output.prefix(Int(length)))
    }

    /// Whether `signature` is the HMAC of `bytes`, compared in constant time.
    func isValid(signature candidate: [UInt8], of bytes: [UInt8]) -> Bool {
        let expected = signature(of: bytes)
        guard !expected.isEmpty, candidate.count == expected.count else { return false }
        return CRYPTO_memcmp(candidate, expected, expected.count) == 0
    }
}
