import Foundation
import Testing
import TestSupport

/// Simulated time running by itself in the interface at the Store's time rate.
@Suite(.serialized, .tags(.slow)) struct SlowTimeRateTests {
    /// Apple, SKTestSession.TimeRate.oneRenewalEveryTwoSeconds: "A rate of time in the test
    /// environment in which subscriptions of any time length renew every 2 seconds." With the
    /// rate set, the subscription renews on screen without a key being pressed.
    @Test func atOneRenewalEveryTwoSecondsASubscriptionRenewsByItselfOnScreen() throws {
        let folder = try TemporaryFolder()
        let world = try subscribed(folder)

        let session = try TmuxSession(command: "\(StoreSimProcess.binary) --data-dir \(world)")
        let header = try session.waitFor("rate RENEWAL/2S")
        #expect(header.found, "the header shows a rate that is not real time:\n\(header.screen)")
        var screen = header.screen
        let deadline = Date().addingTimeInterval(30)
        while Self.credits(screen) < 3, Date() < deadline {
            Thread.sleep(forTimeInterval: 0.2)
            screen = try session.screen()
        }
        #expect(Self.credits(screen) >= 3, "two renewals came by themselves and were credited:\n\(screen)")
        try session.send("q")
        #expect(try session.waitFor("EXIT=0").found)
        let audit = try StoreSimProcess.run(["audit", "--json", "--data-dir", world])
        #expect(audit.stdout.contains("\"lost\": 0"), "\(audit.stdout)")
        #expect(audit.stdout.contains("\"doubleCredited\": 0"), "\(audit.stdout)")
        let credited = try StoreSimProcess.run(["run", "--data-dir", world, try folder.write("check.scenario", "expect audit ok\n")])
        #expect(credited.status == 0, "\(credited.stdout)\(credited.stderr)")
    }

    /// A world at one renewal every 2 seconds, subscribed to the monthly plan (its trial week).
    private func subscribed(_ folder: TemporaryFolder) throws -> String {
        let world = folder.path + "/world"
        let script = try folder.write("subscribe.scenario", """
            store time-rate one-renewal-every-2s
            buy com.storesim.premium.monthly
            expect credited com.storesim.premium.monthly 1
            """)
        let setUp = try StoreSimProcess.run(["run", "--data-dir", world, script])
        #expect(setUp.status == 0, "\(setUp.stdout)\(setUp.stderr)")
        return world
    }

    /// The count in the panel's "Server ledger (N credits)" title, 0 when it is not on screen.
    private static func credits(_ screen: String) -> Int {
        guard let title = screen.range(of: #"Server ledger \((\d+) credits?\)"#, options: .regularExpression) else { return 0 }
        return Int(screen[title].filter(\.isNumber)) ?? 0
    }

    /// In step mode (`play` opens in it) only keys move the world: the clock stays where it was.
    @Test func inStepModeTimeDoesNotRunByItself() throws {
        let folder = try TemporaryFolder()
        let world = try subscribed(folder)
        let steps = try folder.write("steps.scenario", "expect audit ok\n")
        let session = try TmuxSession(command: "\(StoreSimProcess.binary) play --data-dir \(world) \(steps)")
        #expect(try session.waitFor("rate RENEWAL/2S").found)
        Thread.sleep(forTimeInterval: 6)
        let screen = try session.screen()
        #expect(!screen.contains("tx 1000000000000002"), "no renewal while in step mode:\n\(screen)")
        try session.send("q")
        #expect(try session.waitFor("EXIT=0").found)
    }
}
