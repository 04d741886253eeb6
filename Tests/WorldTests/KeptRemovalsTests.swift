import IAPClient
import IAPCore
@testable import ReadSide
@testable import ScenarioLanguage
import Storage
import Testing

/// The app's cache removals of a run are kept in memory and written together at its end; they
/// stand for writes the app made as it went. A crash the app meets later in the same run keeps
/// them, as the page cache keeps written bytes; a power cut loses them unsynced; an injected
/// full disk fails a removal when it is made, as its write would.
@Suite struct KeptRemovalsTests {
    /// Credits tx …001 and removes it from the cache in the app's run that then meets
    /// tx …002's `purchased`, where `trap` (`crash at purchased` or `power-cut at purchased`) waits.
    private func runIntoTrap(_ trap: String) throws -> WorldFixture {
        let fixture = try WorldFixture()
        let script = "buy com.storesim.coins.100\ndeliver 5\nbuy com.storesim.coins.550\n\(trap)\nwait\n"
        let steps = try ScenarioParser(catalog: fixture.world.catalog).parse(script, file: "s.scenario")
        try ScenarioRunner(world: fixture.world) { _ in }.run(steps, file: "s.scenario")
        let texts = fixture.events.map(\.text)
        let removed = try #require(texts.firstIndex(of: "remove pending order tx 1000000000000001"))
        let died = try #require(texts.firstIndex { $0.hasPrefix("the app crashed at purchased") || $0.hasPrefix("the power was cut at purchased") })
        #expect(removed < died, "the removal was made before the app died, in the same run")
        return fixture
    }

    private func pending(_ fixture: WorldFixture) throws -> [TransactionID] {
        try PendingOrderCache.read(path: fixture.world.directory.pendingOrders).orders.map(\.transactionId)
    }

    @Test func aCrashLaterInTheRunKeepsTheRemovalsMadeBeforeIt() throws {
        let fixture = try runIntoTrap("crash at purchased")
        #expect(try pending(fixture).isEmpty)
        #expect(fixture.events.contains { $0.text == "the app crashed at purchased: the Store has reported the purchase to the app" })
    }

    @Test func aPowerCutLaterInTheRunMayLoseThemAndNothingIsLost() throws {
        let fixture = try runIntoTrap("power-cut at purchased")
        #expect(fixture.events.contains { $0.text.hasPrefix("power cut: ") && $0.text.hasSuffix("unsynced bytes of the cache never reached the disk") })
        try fixture.run(.launch)
        #expect(try pending(fixture).isEmpty)
        let audit = try fixture.readModel.snapshot().audit(catalog: fixture.world.catalog)
        #expect(audit.ok && audit.lost == 0 && audit.credited == 2)
    }

    @Test func anInjectedFullDiskFailsARemovalOfTheRunWhenItIsMade() throws {
        let fixture = try WorldFixture()
        let script = "buy com.storesim.coins.100\ndeliver 6\ndisk full\nwait\n"
        let steps = try ScenarioParser(catalog: fixture.world.catalog).parse(script, file: "s.scenario")
        try ScenarioRunner(world: fixture.world) { _ in }.run(steps, file: "s.scenario")
        #expect(fixture.events.contains { $0.text.hasPrefix("could not remove pending order: ") && $0.text.contains("no space left on device (simulated)") })
        #expect(try pending(fixture) == [1_000_000_000_000_001])
    }
}
