import IAPClient
import Storage

/// StoreSim's own `PendingOrderCache`, opened on a file already holding the live entries.
final class StoreSimCacheContender: CacheContender {
    private let cache: PendingOrderCache

    /// Writes the file directly in the cache's format (10,000 fsynced saves would take minutes),
    /// then opens it as the app does.
    init(path: String, file: [UInt8], count: Int) throws(BenchError) {
        let cache = try BenchError.attempt("filling the cache") {
            try DurableFile.write(file, to: path)
            return try PendingOrderCache(path: path)
        }
        guard cache.orders.count == count else {
            throw BenchError("\(path): the cache read \(cache.orders.count) orders back, not \(count)")
        }
        self.cache = cache
    }

    func saveAndRemove(_ change: CacheChange) throws(BenchError) {
        try BenchError.attempt("StoreSim's cache") {
            try cache.save(change.order)
            try cache.remove(transactionId: change.order.transactionId)
        }
    }
}
