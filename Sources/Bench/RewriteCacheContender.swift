import IAPClient
import IAPCore
import Storage

/// The RN seed's way: the whole list of pending orders rewritten atomically after every change.
final class RewriteCacheContender: CacheContender {
    private let path: String
    /// Each live order's transaction id and its line, oldest first.
    private var entries: [(id: TransactionID, line: String)]

    init(path: String, count: Int) throws(BenchError) {
        self.path = path
        entries = (0..<count).map { number in
            let order = BenchCacheFormat.order(number)
            return (order.transactionId, CacheLines.save(order))
        }
        try rewrite()
    }

    func saveAndRemove(_ change: CacheChange) throws(BenchError) {
        entries.append((change.order.transactionId, CacheLines.save(change.order)))
        try rewrite()
        entries.removeAll { $0.id == change.order.transactionId }
        try rewrite()
    }

    private func rewrite() throws(BenchError) {
        let size = BenchCacheFormat.header.utf8.count + entries.reduce(0) { $0 + $1.line.utf8.count }
        let bytes = BenchCacheFormat.file(entries.lazy.map(\.line), capacity: size)
        try BenchError.attempt("the rewritten list") { try DurableFile.write(bytes, to: path) }
    }
}
