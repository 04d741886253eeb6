import IAPCore

/// The cache file's lines as the app writes them, for a tool that fills a cache file directly
/// (the benchmark) and must write the very bytes the cache appends.
public enum CacheLines {
    /// The file's first line, with its newline.
    public static let header = CacheContents.header + "\n"

    /// The record that saves `order`, with its checksums and newline.
    public static func save(_ order: PendingOrder) -> String {
        CacheRecord.save(order).line
    }

    /// The record that removes the order of `transactionId`, with its checksum and newline.
    public static func remove(_ transactionId: TransactionID) -> String {
        CacheRecord.remove(transactionId: transactionId).line
    }
}
