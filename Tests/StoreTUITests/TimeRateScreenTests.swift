import IAPCore
import ScenarioLanguage
import Testing
@testable import StoreTUI

/// Simulated time running by itself on screen at the Store's time rate, the real time given by
/// the scripted terminal.
@Suite struct TimeRateScreenTests {
    private let monthly = "com.storesim.premium.monthly"

    /// A world whose time rate is `rate`, subscribed to the monthly product and closed.
    private func subscribed(at rate: TimeRate) throws -> TUIWorld {
        let tui = try TUIWorld()
        let world = try tui.folder.world(catalog: tui.catalog, seed: 3)
        try world.perform(.storeSet(.timeRate, .named(rate.rawValue)))
        try world.perform(.launch)
        try world.perform(.buy(productId: monthly, answer: .confirm))
        try world.settle()
        try world.perform(.quit)
        return tui
    }

    /// Apple, SKTestSession.TimeRate.oneRenewalEveryTwoSeconds: "subscriptions of any time
    /// length renew every 2 seconds".
    @Test func atOneRenewalEveryTwoSecondsTheSubscriptionRenewsWhenTwoSecondsHavePassed() throws {
        let tui = try subscribed(at: .oneRenewalEveryTwoSeconds)
        let frames = try tui.session(.settle + [.capture, .elapse(1999)] + .settle + [.capture, .elapse(1)] + .settle + [.capture])
        #expect(frames.count == 3)
        #expect(frames[0][1].contains("rate RENEWAL/2S"), "\(frames[0][1])")
        #expect(frames[0].joined().contains("Server ledger (1 credit)"))
        #expect(frames[1].joined().contains("Server ledger (1 credit)"), "not yet two seconds")
        #expect(frames[2].joined().contains("Server ledger (2 credits)"), "\(frames[2].joined(separator: "\n"))")
        #expect(frames[2][0].hasSuffix(" 2026-01-08 00:00:00 "), "the clock stopped where the trial week ended: \(frames[2][0])")
    }

    /// Apple, SKTestSession.TimeRate.monthlyRenewalEveryThirtySeconds: "monthly subscriptions
    /// renew every 30 seconds": a day of the simulated clock each real second.
    @Test func atAMonthlyRenewalEveryThirtySecondsADayPassesEachSecond() throws {
        let tui = try subscribed(at: .monthlyRenewalEveryThirtySeconds)
        let frames = try tui.session(.settle + [.capture, .elapse(3000)] + .settle + [.capture])
        #expect(frames[0][0].hasSuffix(" 2026-01-01 00:00:00 "), "\(frames[0][0])")
        #expect(frames[1][0].hasSuffix(" 2026-01-04 00:00:00 "), "\(frames[1][0])")
        #expect(frames[1][1].contains("rate MONTH/30S"))
    }

    /// Real time, the rate of a new Store: the header leaves it out, and the clock moves a
    /// second each second.
    @Test func atRealTimeTheClockMovesBySecondsAndTheHeaderSaysNothing() throws {
        let tui = try subscribed(at: .real)
        let frames = try tui.session(.settle + [.capture, .elapse(5000)] + .settle + [.capture])
        #expect(!frames[0][1].contains("rate"))
        #expect(frames[1][0].hasSuffix(" 2026-01-01 00:00:05 "), "\(frames[1][0])")
    }
}
