import Foundation
import IAPCore
import ReadSide
import ScenarioLanguage
import TestSupport
import Testing

/// A view made again while nothing was written shows the same history without reading it; after
/// any write of the Store, the Server or the cache it shows that write.
@Suite struct ViewAfterWritesTests {
    private let coins = "com.storesim.coins.100"

    @Test func everyViewShowsTheWritesMadeSinceTheLast() throws {
        let folder = try TemporaryFolder()
        let world = try folder.world(seed: 7)
        try world.recordPastPurchases(50, of: coins)
        try world.perform(.launch)
        try world.settle()
        let readModel = ReadModel(world)
        var view = try readModel.view()
        #expect([view.transactions.count, view.credits.count, view.audit.paid, view.audit.credited] == [Int]([50, 50, 50, 50]))
        try world.letTimePass(byMillis: 1000)
        #expect(try readModel.view().audit == view.audit, "the clock moving wrote nothing")
        try world.perform(.server(.down))
        try world.perform(.buy(productId: coins, answer: .confirm))
        try world.settle()
        view = try readModel.view()
        #expect([view.transactions.count, view.credits.count, view.pendingOrders.count, view.queue.count] == [Int]([51, 50, 1, 1]))
        #expect([view.audit.paid, view.audit.credited, view.audit.recoverable, view.audit.lost] == [Int]([51, 50, 1, 0]))
        try world.perform(.server(.up))
        try world.perform(.quit)
        try world.perform(.launch)
        try world.settle()
        view = try readModel.view()
        #expect([view.transactions.count, view.credits.count, view.pendingOrders.count, view.queue.count] == [Int]([51, 51, 0, 0]))
        #expect([view.audit.paid, view.audit.credited, view.audit.recoverable, view.audit.lost] == [Int]([51, 51, 0, 0]))
        #expect(view.balances["coins"] == 5100)
        #expect(view.credits.filter(\.refunded).isEmpty)
        try world.perform(.refund(.product(coins), reason: nil))
        try world.settle()
        view = try readModel.view()
        #expect(view.credits.filter(\.refunded).count == 1, "a refund shows on the credit it refunds")
        #expect(try readModel.view().credits.filter(\.refunded).count == 1, "and still does when nothing was written since")
    }
}
