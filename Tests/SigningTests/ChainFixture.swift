import Foundation
@testable import Signing

/// Chains and signed payloads for the verification tests.
enum ChainFixture {
    static let start = Date(timeIntervalSince1970: 1_767_225_600)
    static let end = start.addingTimeInterval(365 * 86400)

    static func chain(_ secret: String = "world seed 1", from: Date = start, to: Date = end) throws -> CertificateChain {
        try CertificateChain.make(secret: Array(secret.utf8), notBefore: from, notAfter: to)
    }

    /// A payload as the Store writes one, signed at `signedAt`.
    static func payload(signedAt: Date = start.addingTimeInterval(60), productId: String = "com.storesim.coins.100") -> [UInt8] {
        let millis = Int64(signedAt.timeIntervalSince1970 * 1000)
        return Array("{\"productId\":\"\(productId)\",\"signedDate\":\(millis),\"transactionId\":\"1000000000000001\"}".utf8)
    }

    /// `jws` with its part `index` (0 header, 1 payload, 2 signature) replaced.
    static func replacing(part index: Int, of jws: String, with text: String) -> String {
        var parts = jws.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
        parts[index] = text
        return parts.joined(separator: ".")
    }

    /// `jws` with the character at `offset` of part `index` changed to another base64url character.
    static func changing(part index: Int, at offset: Int, of jws: String) -> String {
        var parts = jws.split(separator: ".", omittingEmptySubsequences: false).map { Array($0) }
        let position = min(offset, parts[index].count - 1)
        parts[index][position] = parts[index][position] == "A" ? "B" : "A"
        return parts.map { String($0) }.joined(separator: ".")
    }

    /// A header that lists `certificates` in `x5c`, base64url.
    static func header(_ certificates: [Certificate], alg: String = "ES256") -> String {
        let x5c = certificates.map { "\"\($0.base64)\"" }.joined(separator: ",")
        return Base64.url.encode(Array("{\"alg\":\"\(alg)\",\"x5c\":[\(x5c)]}".utf8))
    }
}
