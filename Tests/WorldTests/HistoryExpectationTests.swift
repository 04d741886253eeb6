import Foundation
import IAPCore
import ScenarioLanguage
import TestSupport
import Testing

/// A script's expectations on a world with a history: each reads only what it checks (a count,
/// a balance, the entitlements, the cache, the unfinished transactions) and says what it found
/// as a read of every party would.
@Suite struct HistoryExpectationTests {
    @Test func expectationsOnAHistorySayWhatTheyFound() throws {
        let folder = try TemporaryFolder()
        let world = try folder.world(seed: 7)
        try world.recordPastPurchases(5, of: "com.storesim.coins.100")
        try world.recordPendingPurchases(120, of: "com.storesim.coins.100")
        // The launch before the first expectation credits the 120 purchases left pending.
        let script = """
            expect credited com.storesim.coins.100 125
            expect balance coins 12500
            expect owned com.storesim.pro no
            expect shared com.storesim.pro no
            expect pending 0
            expect unfinished 0
            expect audit ok
            expect credited com.storesim.coins.100 5
            expect owned com.storesim.pro yes
            server down
            buy com.storesim.coins.100
            expect pending 1
            expect unfinished 1
            expect lost 0
            expect pending 0
            expect unfinished 0

            """
        let steps = try ScenarioParser(catalog: world.catalog).parse(script, file: "history.scenario")
        var lines: [String] = []
        try ScenarioRunner(world: world) { lines.append($0) }.run(steps, file: "history.scenario")
        #expect(lines.filter { $0.hasPrefix("   ") } == [
            "   ✓ expect credited com.storesim.coins.100 125",
            "   ✓ expect balance coins 12500",
            "   ✓ expect owned com.storesim.pro no",
            "   ✓ expect shared com.storesim.pro no",
            "   ✓ expect pending 0",
            "   ✓ expect unfinished 0",
            "   ✓ expect audit ok",
            "   ✗ expect credited com.storesim.coins.100 5: expected 5, found 125",
            "   ✗ expect owned com.storesim.pro yes: expected yes, found no",
            "   ✓ expect pending 1",
            "   ✓ expect unfinished 1",
            "   ✓ expect lost 0",
            "   ✗ expect pending 0: expected 0, found 1",
            "   ✗ expect unfinished 0: expected 0, found 1",
        ])
    }
}
