import IAPClient
import IAPCore
import TestSupport

/// A cache file's path in a fresh folder, and pending orders whose receipts have a chosen length,
/// for the suites that write long records.
struct CacheFileFixture {
    let folder: TemporaryFolder
    var path: String { folder.path + "/pending-orders" }

    init() throws {
        folder = try TemporaryFolder()
    }

    /// Order `number`, its receipt `receiptBytes` of base64 and a short signature.
    func order(_ number: Int64, receiptBytes: Int) -> PendingOrder {
        let receipt = String(repeating: "QUJD", count: receiptBytes / 4) + ".c0ffee"
        return PendingOrder(transactionId: TransactionID(1_000_000_000_000_000 + number), productId: "com.storesim.coins.100",
                            serverProductId: "coins_100", receipt: receipt)
    }
}

/// A suite that works on one `CacheFileFixture`: its path and orders by their short names.
protocol CacheFileSuite {
    var fixture: CacheFileFixture { get }
}

extension CacheFileSuite {
    var path: String { fixture.path }

    func order(_ number: Int64, receiptBytes: Int) -> PendingOrder {
        fixture.order(number, receiptBytes: receiptBytes)
    }
}
