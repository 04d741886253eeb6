import Foundation
import IAPCore
import ReadSide
import ScenarioLanguage
import Storage
import Testing
import TestSupport

/// What one purchase costs on disk: every fsync and fdatasync, counted by the file it made
/// durable. Other suites run beside this one, so it counts only in its own world's folder.
@Suite struct PurchaseFsyncTests {
    /// A consumable bought, verified, credited and finished in a launched world, five times:
    /// each purchase makes the same syncs, and every party that keeps durable state makes some.
    @Test func everyPurchaseMakesTheSameFsyncsInEveryDurableParty() throws {
        #expect(FsyncCount.countsSQLite)
        let folder = try TemporaryFolder()
        let world = try folder.world(seed: 1)
        try world.perform(.launch)
        var purchases: [[String: Int]] = []
        for _ in 0..<5 {
            purchases.append(try FsyncCount.counting(under: folder.path) {
                try world.perform(.buy(productId: "com.storesim.coins.100", answer: .confirm))
                try world.settle()
            })
        }
        #expect(try ReadModel(world).view().audit.ok)
        #expect(purchases.allSatisfy { $0 == purchases[0] }, "\(purchases)")
        #expect(purchases[0] == [
            "app/pending-orders.txt": 2,  // the order saved before the Server hears of it, removed after its credit
            "app/receipt.txt": 1, "app": 1,  // the app's receipt, replaced whole: the file, then its folder
            "store.sqlite-wal": 2,  // the Store's commits: the payment, then the finish
            "server.sqlite-wal": 1,  // the Server's commit of the credit
            "world.json": 1, "": 1,  // the world's clock, replaced whole: the file, then the data directory
        ])
        #expect(purchases[0].values.reduce(0, +) == 9)
    }
}
