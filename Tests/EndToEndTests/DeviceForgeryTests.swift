import Foundation
import IAPClient
import IAPCore
import Testing
import TestSupport

/// The device side is hostile: the app's cache and the receipts it holds can be rewritten at will.
/// A receipt signed in another world, or signed with this world's own key for a transaction the
/// Store never issued or a product it did not charge for, is never credited, and the world stays
/// readable.
@Suite struct DeviceForgeryTests {
    /// A purchase of 100 coins the Server has not seen yet: the app quit with it in its cache and
    /// unfinished in the Store's queue, and the Server back up. The next launch sends the cached
    /// order to the Server first, then the queue hands the transaction out again.
    private static let pending = "server down\nbuy com.storesim.coins.100\nexpect pending 1\nquit\nserver up\n"
    private static let recover = "expect credited com.storesim.coins.100 1\nexpect credited com.storesim.coins.550 0\n"
        + "expect balance coins 100\nexpect pending 0\nexpect audit ok\n"

    /// Runs `lines` in the world at `world`; the run, `state` and `audit` must all exit 0.
    private func runAndRead(_ folder: TemporaryFolder, _ world: String, _ lines: String) throws {
        let script = try folder.write("recover.scenario", lines)
        let run = try StoreSimProcess.run(["run", "--data-dir", world, script])
        #expect(run.status == 0, "\(run.stdout)\(run.stderr)")
        let state = try StoreSimProcess.run(["state", "--json", "--data-dir", world])
        #expect(state.status == 0, "\(state.stderr)")
        let audit = try StoreSimProcess.run(["audit", "--json", "--data-dir", world])
        #expect(audit.status == 0, "\(audit.stderr)")
        #expect(audit.stdout.contains("\"ok\": true"))
    }

    @Test func aCacheRecordFromAnotherDefaultWorldIsNotCredited() throws {
        let folder = try TemporaryFolder()
        let attacker = try WorldOnDisk.made(in: folder, running: "server down\nbuy com.storesim.coins.550\nexpect pending 1\n")
        let theirs = try #require(try DeviceForgery.cachedOrders(in: attacker).first)
        let victim = folder.file("victim")
        let made = try StoreSimProcess.run(["run", "--data-dir", victim, try folder.write("pending.scenario", Self.pending)])
        #expect(made.status == 0, "\(made.stdout)\(made.stderr)")
        let mine = try #require(try DeviceForgery.cachedOrders(in: victim).first)
        try #require(theirs.transactionId == mine.transactionId, "both worlds handed out the same first id")
        try DeviceForgery.cache(theirs, in: victim)
        try runAndRead(folder, victim, Self.recover)
    }

    @Test func aReceiptResignedWithTheWorldsKeyForTheDearerProductIsNotCredited() throws {
        let folder = try TemporaryFolder()
        let world = try WorldOnDisk.made(in: folder, running: Self.pending)
        let order = try #require(try DeviceForgery.cachedOrders(in: world).first)
        let forged = try DeviceForgery.resigned(order.receipt, in: world, replacing: "com.storesim.coins.100", with: "com.storesim.coins.550")
        try DeviceForgery.cache(PendingOrder(transactionId: order.transactionId, productId: "com.storesim.coins.550",
                                             serverProductId: nil, receipt: forged), in: world)
        try runAndRead(folder, world, Self.recover)
    }

    @Test func aReceiptSignedWithTheWorldsKeyForATransactionNeverIssuedIsNotCredited() throws {
        let folder = try TemporaryFolder()
        let world = try WorldOnDisk.made(in: folder, running: Self.pending)
        let order = try #require(try DeviceForgery.cachedOrders(in: world).first)
        let invented = try #require(TransactionID("1000000000000777"))
        let forged = try DeviceForgery.resigned(order.receipt, in: world, replacing: order.transactionId.description, with: invented.description)
        try DeviceForgery.cache(PendingOrder(transactionId: invented, productId: order.productId, serverProductId: nil,
                                             receipt: forged), in: world)
        try runAndRead(folder, world, Self.recover)
    }
}
