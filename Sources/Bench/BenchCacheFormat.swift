import Foundation
import IAPClient
import IAPCore
import Storage

/// Pending orders and cache files for the benchmark, in the cache's own lines (`CacheLines`), so
/// that it can fill a cache file directly and give the floor the very bytes the cache appends.
enum BenchCacheFormat {
    static let header = CacheLines.header

    /// A pending order like the ones purchases make, with a receipt of a real receipt's length:
    /// base64 of 2,020 bytes, the DER of a PKCS #7 signedData of a one-purchase receipt with its
    /// two certificates (its bytes here the order's id over and over).
    static func order(_ number: Int) -> PendingOrder {
        let id = TransactionID(1_000_000_000_000_000 + Int64(number))
        let der = Array(repeatElement(Array(id.description.utf8), count: 127).joined().prefix(2020))
        return PendingOrder(transactionId: id, productId: "com.storesim.coins.100", serverProductId: "coins_100",
                            receipt: Data(der).base64EncodedString())
    }

    /// A whole cache file holding orders `0..<count`, as a compaction writes it.
    static func file(count: Int) -> [UInt8] {
        let longest = CacheLines.save(order(count)).utf8.count
        return file((0..<count).lazy.map { CacheLines.save(order($0)) }, capacity: header.utf8.count + count * longest)
    }

    /// The header followed by `lines`, built in one buffer of `capacity` bytes (when that is enough).
    static func file<Lines: Sequence<String>>(_ lines: Lines, capacity: Int) -> [UInt8] {
        var bytes = Array(header.utf8)
        bytes.reserveCapacity(capacity)
        for line in lines {
            bytes.append(contentsOf: line.utf8)
        }
        return bytes
    }
}
