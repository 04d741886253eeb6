import IAPClient
import IAPCore
@testable import ReadSide
import Testing

/// A cache record carrying another transaction's genuine receipt: the Server credits exactly the
/// transaction it is asked about, so the purchase is recovered from the Store's queue, not lost.
@Suite struct ForeignReceiptTests {
    @Test func aCachedOrderWithAnotherTransactionsReceiptIsRecoveredNotLost() throws {
        let fixture = try WorldFixture()
        try fixture.run(.buy(productId: "com.storesim.coins.100", answer: .confirm))
        try fixture.run(.crashAt(.cached), .buy(productId: "com.storesim.coins.550", answer: .confirm))
        let transactions = try fixture.readModel.snapshot().transactions
        let first = try #require(transactions.first), second = try #require(transactions.last)
        let cache = try PendingOrderCache(path: fixture.folder.dataDirectory.pendingOrders)
        try cache.save(PendingOrder(transactionId: second.id, productId: second.productId, serverProductId: nil,
                                    receipt: try #require(first.receipt)))
        try fixture.run(.launch)
        let snapshot = try fixture.readModel.snapshot()
        #expect(snapshot.ledger.credits.map(\.transactionId) == [first.id, second.id])
        #expect(snapshot.ledger.balances == ["coins": 650])
        #expect(snapshot.ledger.rejections.map(\.transactionId) == [second.id])
        let audit = snapshot.audit(catalog: fixture.world.catalog)
        #expect(audit.lost == 0)
        #expect(audit.unfinished == 0)
        #expect(audit.ok)
    }
}
