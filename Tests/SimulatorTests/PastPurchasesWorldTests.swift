import Foundation
import IAPCore
import Simulator
import TestSupport
import Testing

/// A world given past purchases in bulk audits as if each had been bought and settled, and
/// goes on buying from there.
@Suite struct PastPurchasesWorldTests {
    private let coins = "com.storesim.coins.100"

    @Test func pastPurchasesAreBoughtPaidAndCreditedOnce() throws {
        let folder = try TemporaryFolder()
        let world = try folder.world(seed: 7)
        let before = world.now
        try world.recordPastPurchases(1500, of: coins)
        #expect(world.now > before, "the clock moved past the purchases")
        var snapshot = try world.snapshot()
        var audit = snapshot.audit(catalog: world.catalog)
        #expect([audit.paid, audit.credited, audit.pending, audit.unfinished] == [Int]([1500, 1500, 0, 0]))
        #expect(audit.ok)
        #expect(snapshot.ledger.balances["coins"] == 150_000)
        #expect(Set(snapshot.ledger.credits.map(\.transactionId)) == Set(snapshot.transactions.map(\.id)))
        #expect(snapshot.transactions.allSatisfy { $0.receipt != nil && $0.date <= world.now })
        try world.perform(.launch)
        try world.perform(.buy(productId: coins, answer: .confirm))
        try world.settle()
        snapshot = try world.snapshot()
        audit = snapshot.audit(catalog: world.catalog)
        #expect([audit.paid, audit.credited, audit.pending] == [Int]([1501, 1501, 0]))
        #expect(snapshot.ledger.balances["coins"] == 150_100)
    }

    @Test func theyAreRecordedOnlyWhileTheAppIsClosed() throws {
        let folder = try TemporaryFolder()
        let world = try folder.world(seed: 7)
        try world.perform(.launch)
        #expect(throws: WorldActionError.refused("past purchases are recorded while the app is closed and nothing is in flight")) {
            try world.recordPastPurchases(3, of: coins)
        }
        try world.perform(.quit)
        #expect(throws: WorldActionError.refused("com.storesim.pro is not a consumable in the catalog")) {
            try world.recordPastPurchases(3, of: "com.storesim.pro")
        }
        #expect(try world.snapshot().transactions.isEmpty)
    }
}
