import IAPCore
@testable import ScenarioLanguage
import Testing
import TestSupport
@testable import WorldCore

/// The transcript tells what the code did in the order it did it: a message is shown when it is
/// sent and again when it arrives, and a crash comes after the last thing the app did.
@Suite struct TimelineOrderTests {
    /// Transcript lines that stand for the App's actions on a purchase, named as in the strategy table
    /// of docs/reference/scenario-language.md; the credit's arrival marks what "after credit" means.
    private static let actions = [
        ("App     ──▶ Cache    save pending order", "cache"),
        ("App     ──▶ Server   verify", "verify"),
        ("Server  ··✓ App      credited", "(credit arrives)"),
        ("App     ──▶ Store    finish transaction", "finish"),
        ("App     ──▶ Cache    remove pending order", "drop cache entry"),
    ]

    private func transcript(_ strategy: Strategy, _ commands: ScenarioCommand...) throws -> [String] {
        let fixture = try WorldFixture(strategy: strategy)
        for command in commands {
            try fixture.run(command)
        }
        return fixture.events.flatMap(EventText.lines)
    }

    @Test(arguments: [
        (Strategy.verifyThenFinish, ["cache", "verify", "(credit arrives)", "finish", "drop cache entry"]),
        (.finishThenCache, ["finish", "cache", "verify", "(credit arrives)", "drop cache entry"]),
        (.queueOnly, ["verify", "(credit arrives)", "finish"]),
        (.finishFirst, ["finish", "verify", "(credit arrives)"]),
    ])
    func theAppActsInItsStrategysOrder(strategy: Strategy, row: [String]) throws {
        let lines = try transcript(strategy, .buy(productId: "com.storesim.coins.100", answer: .confirm))
        let purchased = try #require(lines.firstIndex { $0.contains("Store   ··✓ App      purchased com.storesim.coins.100") })
        let done = lines[purchased...].compactMap { line in Self.actions.first { line.contains($0.0) }?.1 }
        #expect(done == row)
    }

    @Test func aCrashComesAfterTheMessageTheAppSentAndBeforeItsDelivery() throws {
        let lines = try transcript(.finishThenCache, .crashAt(.finished),
                                   .buy(productId: "com.storesim.coins.100", answer: .confirm))
        let sent = try #require(lines.firstIndex { $0.hasSuffix("App     ──▶ Store    finish transaction 1000000000000001") })
        let crash = try #require(lines.firstIndex { $0.contains("✗✗ the app crashed at finished") })
        let delivered = try #require(lines.firstIndex { $0.hasSuffix("App     ··✓ Store    finish transaction 1000000000000001") })
        #expect(sent < crash && crash < delivered)
        #expect(!lines[crash...].contains { $0.contains("save pending order") }, "the app died before it cached")
    }

    @Test func aMessageToTheDeadAppIsSentBeforeTheCrashAndDroppedAfterIt() throws {
        let lines = try transcript(.verifyThenFinish, .crashAt(.paymentSent),
                                   .buy(productId: "com.storesim.coins.100", answer: .confirm))
        let crash = try #require(lines.firstIndex { $0.contains("✗✗ the app crashed at payment-sent") })
        #expect(lines[..<crash].contains { $0.hasSuffix("App     ──▶ Store    add payment com.storesim.coins.100") })
        #expect(lines[crash...].contains { $0.hasSuffix("App     ··✓ Store    add payment com.storesim.coins.100") })
        #expect(lines[crash...].contains {
            $0.contains("Store   ··✗ App      purchased com.storesim.coins.100") && $0.hasSuffix("✗ the app is not running")
        })
    }

    @Test func aLogFromBeforeDeliveriesWereRecordedStillReadsAndGrows() throws {
        let folder = try TemporaryFolder()
        _ = try folder.write("events.log", """
            {"from":"User","kind":"command","seq":1,"text":"launch (verify-then-finish)","timeMillis":1767225600000,"to":"App"}
            {"from":"App","kind":"message","seq":2,"text":"add transaction observer","timeMillis":1767225600010,"to":"Store"}

            """)
        let old = try EventLog.readAll(path: folder.file("events.log"))
        #expect(old.flatMap(EventText.lines) == [
            "  00:00:00.000  User: launch (verify-then-finish)",
            "  00:00:00.010  App     ──▶ Store    add transaction observer",
        ])
        let world = try folder.world(seed: 7)
        try world.perform(.launch)
        try world.settle()
        let grown = try EventLog.readAll(path: folder.file("events.log"))
        #expect(grown.map(\.seq) == Array(1...grown.count))
        #expect(grown.contains { $0.kind == .delivered && $0.seq > 2 })
    }
}
