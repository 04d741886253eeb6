import IAPCore
import Storage

/// Reading a cache file from outside the app (the audit, `state`), without changing it.
extension PendingOrderCache {
    /// The largest cache file read: far more orders than any session leaves pending.
    static let maximumBytes = 256 << 20

    /// Reads a cache file without changing it, every record whole and checked; a missing file
    /// is an empty cache.
    public static func read(path: String) throws(CacheError) -> CacheContents {
        let bytes: [UInt8]?
        do {
            bytes = try DurableFile.read(path, atMost: maximumBytes)
        } catch {
            throw CacheError(path: path, problem: error.problem)
        }
        guard let bytes else { return .empty }
        return try CacheContents.parse(bytes, path: path)
    }
}
