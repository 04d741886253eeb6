import IAPClient
import IAPCore
@testable import ScenarioLanguage
import Testing
@testable import WorldCore

/// A launch whose recovery gets no answer — the Server down, the network offline — still tells
/// the user what became of every order it found: each one is still pending, for the reason the
/// network gives, in one report. The recovery of several orders asks with one request that names
/// no single transaction; its loss is told about each order, as the loss of one order's is.
@Suite struct UnansweredRecoveryTests {
    /// A world left with `orders` orders bought while the Server was down, relaunched with
    /// `fault` still on: its events from the relaunch, and the launch's report.
    private func relaunch(with orders: Int, _ fault: String) throws -> (events: [Event], report: RecoveryReport?) {
        let fixture = try WorldFixture()
        let script = "server down\n" + String(repeating: "buy com.storesim.coins.100\nwait\n", count: orders)
            + "quit\n\(fault)\nlaunch\nwait\n"
        let steps = try ScenarioParser(catalog: fixture.world.catalog).parse(script, file: "s.scenario")
        let before = fixture.events.count
        try ScenarioRunner(world: fixture.world) { _ in }.run(steps, file: "s.scenario")
        let launched = try #require(fixture.events[before...].lastIndex { $0.kind == .command && $0.text.hasPrefix("launch") })
        return (Array(fixture.events[launched...]), fixture.world.lastRecoveryReport)
    }

    private static let ids: [TransactionID] = [1_000_000_000_000_001, 1_000_000_000_000_002, 1_000_000_000_000_003]

    @Test(arguments: [("server down", DropReason.serverDown), ("network offline", .networkOffline)])
    func severalOrdersAreEachReportedStillPending(fault: String, dropped: DropReason) throws {
        let reason = dropped.english
        let (events, report) = try relaunch(with: 3, fault)
        #expect(events.contains { $0.kind == .dropped && $0.text.hasPrefix("verify 3 pending orders with the app receipt") })
        for id in Self.ids {
            #expect(events.contains { $0.kind == .delivered && $0.text == "no answer for tx \(id): \(reason)" }, "tx \(id)")
        }
        let items = try #require(report?.items)
        #expect(items.map(\.transactionId) == Self.ids)
        #expect(items.allSatisfy { $0.outcome == .stillPending(.noAnswer(.request(dropped))) && $0.source == .both })
        #expect(events.filter { $0.kind == .report }.count == 1)
    }

    @Test func aReportOfOrdersStillPendingDoesNotCallThemRecovered() throws {
        let (events, _) = try relaunch(with: 2, "server down")
        let report = try #require(events.last { $0.kind == .report })
        #expect(report.text.split(separator: "\n").first
            == "launch found 2 purchases to recover: 0 recovered, 2 still pending, 0 rejected:")
    }

    @Test func oneOrderVerifiedAgainWhenTheQueueBringsItBackIsOneItem() throws {
        let (events, report) = try relaunch(with: 1, "server down")
        // Verified from the cache, then again when the Store's queue brings it back: both get no answer.
        #expect(events.filter { $0.kind == .delivered && $0.text == "no answer for tx \(Self.ids[0]): the Server is down" }.count == 2)
        let items = try #require(report?.items)
        #expect(items.map(\.transactionId) == [Self.ids[0]])
        #expect(items.first?.outcome == .stillPending(.noAnswer(.request(.serverDown))))
        #expect(items.first?.source == .both)
    }
}
