import Foundation
import IAPClient
import IAPCore
import ReadSide
import ScenarioLanguage
import Storage
import Testing
import TestSupport
import WorldCore

/// A launch that finds hundreds of orders pending (left as the benchmark leaves them: bought
/// while the Server was down, each cached with the receipt it came with) verifies them with one
/// `verifyReceipt`, credits each once, finishes and forgets each once its credit is committed,
/// and does it with as many commits and fsyncs for 300 orders as for 30: what a recovery writes
/// grows with its orders, what it makes durable at once does not.
@Suite struct BulkRecoveryTests {
    private let coins = "com.storesim.coins.100"

    /// A world in `folder` left with `count` orders pending and closed, then opened again and
    /// launched, as the benchmark does; the launch's events and the fsyncs it made, by file.
    private func recover(_ count: Int, in folder: TemporaryFolder) throws -> (world: World, events: [Event], fsyncs: [String: Int]) {
        try folder.world(seed: 7).recordPendingPurchases(count, of: coins)
        let world = try folder.world(seed: 7)
        let before = try EventLog.readAll(path: world.directory.events).count
        let fsyncs = try FsyncCount.counting(under: folder.path) { try world.perform(.launch) }
        return (world, Array(try EventLog.readAll(path: world.directory.events).dropFirst(before)), fsyncs)
    }

    @Test func hundredsOfPendingOrdersAreVerifiedOnceCreditedOnceFinishedAndForgotten() throws {
        let folder = try TemporaryFolder()
        let (world, events, _) = try recover(300, in: folder)
        let pending = try ReadModel(world).snapshot().transactions.map(\.id)
        #expect(pending.count == 300)
        func texts(_ kind: Event.Kind, from: Party, to: Party?, _ prefix: String) -> [String] {
            events.filter { $0.kind == kind && $0.from == from && $0.to == to && $0.text.hasPrefix(prefix) }.map(\.text)
        }
        #expect(texts(.message, from: .app, to: .server, "verify") == ["verify 300 pending orders with the app receipt"])
        #expect(texts(.message, from: .server, to: .store, "verifyReceipt for") == ["verifyReceipt for the app receipt (300 pending orders)"])
        let ids = pending.map(\.description)
        #expect(texts(.delivered, from: .store, to: .app, "300 transactions updated") == [
            "300 transactions updated: " + ids.prefix(3).map { "purchased \(coins) tx \($0)" }.joined(separator: ", ") + ", and 297 more",
        ], "the queue redelivers them in one call of the observer")
        #expect(texts(.note, from: .server, to: nil, "credit tx") == ids.map { "credit tx \($0): +100 coins" })
        #expect(texts(.delivered, from: .server, to: .app, "answered") == ["answered 300 pending orders: 300 credited"],
                "one request, one reply: an answer for each order in it")
        #expect(texts(.delivered, from: .server, to: .app, "credited tx").isEmpty)
        #expect(texts(.delivered, from: .app, to: .store, "finish transaction") == ids.map { "finish transaction \($0)" })
        #expect(texts(.note, from: .app, to: .cache, "remove pending order") == ids.map { "remove pending order tx \($0)" })
        let reports = events.filter { $0.kind == .report }
        #expect(reports.count == 1)
        #expect(reports.first?.text.components(separatedBy: "from the cache and Store's queue): credited now").count == 301)

        // On disk: the Server's ledger credits each order once, the Store keeps each finished
        // with the receipt it was handed out with, and the cache holds nothing but its header.
        let snapshot = try ReadModel(world).snapshot()
        #expect(snapshot.ledger.credits.map(\.transactionId) == pending)
        #expect(snapshot.ledger.balances["coins"] == 30_000)
        #expect(snapshot.transactions.allSatisfy { $0.finished && $0.receipt != nil })
        #expect(try PendingOrderCache.read(path: world.directory.pendingOrders).orders.isEmpty)
        #expect(try String(contentsOfFile: world.directory.pendingOrders, encoding: .utf8) == "storesim pending orders v2\n")
        let audit = snapshot.audit(catalog: world.catalog)
        #expect([audit.paid, audit.credited, audit.pending, audit.unfinished, audit.doubleCredited] == [Int]([300, 300, 0, 0, 0]))
        #expect(audit.ok)
    }

    /// Each party makes a run of messages durable once: the orders' credits are one commit of
    /// the Server, their finishes one of the Store, their removals one fsync of the cache, which
    /// is then compacted once (rewritten whole: the file and its folder).
    @Test func recoveringThreeTimesMoreOrdersMakesTheSameFsyncs() throws {
        #expect(FsyncCount.countsSQLite)
        let few = try recover(100, in: try TemporaryFolder()).fsyncs
        let many = try recover(300, in: try TemporaryFolder()).fsyncs
        #expect(many == few, "\(few) vs \(many)")
        #expect(many["app/pending-orders.txt"] == 2)
        #expect(many["app"] == 1)
    }

    /// A run's events are written to the log together, but never after whoever watches hears of
    /// them (the transcript of `run`, the TUI): each event told is on the log already, in order,
    /// and the log ends with the same events the watcher heard.
    @Test func everyEventOfABatchedRecoveryIsOnTheLogBeforeItIsTold() throws {
        let folder = try TemporaryFolder()
        try folder.world(seed: 7).recordPendingPurchases(40, of: coins)
        let world = try folder.world(seed: 7)
        let log = world.directory.events
        var told: [Int] = []
        var lagging: [Int] = []
        world.onEvent = { event in
            told.append(event.seq)
            let logged = (try? EventLog.readLast(1, path: log))?.last?.seq ?? 0
            if logged < event.seq { lagging.append(event.seq) }
        }
        try world.perform(.launch)
        world.onEvent = nil
        #expect(told.count > 40 * 4, "each order's credit, finish and removal")
        #expect(lagging.isEmpty, "told before they were on the log: \(lagging.prefix(10))")
        #expect(told == Array((told.first ?? 0)...(told.last ?? 0)))
        #expect(try EventLog.readLast(told.count, path: log).map(\.seq) == told)
    }

    /// A world keeps its held events for a listener only: with none, the log it writes is the
    /// same, byte for byte, as with one.
    @Test func aListenerChangesNothingInTheLog() throws {
        var logs: [Data] = []
        for listening in [false, true] {
            let folder = try TemporaryFolder()
            try folder.world(seed: 7).recordPendingPurchases(40, of: coins)
            let world = try folder.world(seed: 7)
            var told = 0
            if listening { world.onEvent = { _ in told += 1 } }
            try world.perform(.launch)
            try world.performInTurn(.buy(productId: coins, answer: .confirm))
            try world.settle()
            #expect(listening == (told > 40 * 4))
            logs.append(try Data(contentsOf: URL(fileURLWithPath: world.directory.events)))
        }
        #expect(logs[0].count > 40 * 4 * 80)
        #expect(logs[0] == logs[1])
    }
}
