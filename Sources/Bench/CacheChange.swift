import IAPClient

/// One order to save and remove, with the bytes each record takes in the cache's file format.
struct CacheChange {
    let order: PendingOrder
    let saveBytes: [UInt8]
    let removeBytes: [UInt8]

    init(_ order: PendingOrder) {
        self.order = order
        saveBytes = Array(CacheLines.save(order).utf8)
        removeBytes = Array(CacheLines.remove(order.transactionId).utf8)
    }
}
