import IAPCore
import Testing
@testable import StoreTUI

/// How the interface paces simulated time at each of Xcode's rates.
@Suite struct TimeRunnerTests {
    @Test func realTimeMovesTheClockBySecondsAsTheyPass() {
        var runner = TimeRunner()
        #expect(runner.step(rate: .real, realMillis: 5_000) == nil, "the first look only starts counting")
        #expect(runner.step(rate: .real, realMillis: 5_999) == nil)
        #expect(runner.step(rate: .real, realMillis: 6_250) == .by(millis: 1_250))
        #expect(runner.step(rate: .real, realMillis: 7_300) == .by(millis: 1_050))
    }

    /// Apple: "A rate of time in the test environment in which monthly subscriptions renew
    /// every 30 seconds": a 30-day month in 30 real seconds, a day each second.
    @Test func monthlyRenewalEveryThirtySecondsPassesADayEachSecond() {
        var runner = TimeRunner()
        _ = runner.step(rate: .monthlyRenewalEveryThirtySeconds, realMillis: 0)
        #expect(runner.step(rate: .monthlyRenewalEveryThirtySeconds, realMillis: 1_000) == .by(millis: 86_400_000))
        var hourly = TimeRunner()
        _ = hourly.step(rate: .monthlyRenewalEveryHour, realMillis: 0)
        #expect(hourly.step(rate: .monthlyRenewalEveryHour, realMillis: 3_600_000) == .by(millis: 30 * 86_400_000))
    }

    @Test func oneRenewalEveryTwoSecondsJumpsToTheNextRenewalEveryTwoSeconds() {
        var runner = TimeRunner()
        _ = runner.step(rate: .oneRenewalEveryTwoSeconds, realMillis: 0)
        #expect(runner.step(rate: .oneRenewalEveryTwoSeconds, realMillis: 1_999) == nil)
        #expect(runner.step(rate: .oneRenewalEveryTwoSeconds, realMillis: 2_000) == .toNextRenewal)
        #expect(runner.step(rate: .oneRenewalEveryTwoSeconds, realMillis: 3_000) == nil)
        #expect(runner.step(rate: .oneRenewalEveryTwoSeconds, realMillis: 4_100) == .toNextRenewal)
    }

    @Test func aNewRateOrAPauseStartsCountingAgain() {
        var runner = TimeRunner()
        _ = runner.step(rate: .real, realMillis: 0)
        #expect(runner.step(rate: .oneRenewalEveryTenSeconds, realMillis: 9_000) == nil, "a new rate starts counting")
        #expect(runner.step(rate: .oneRenewalEveryTenSeconds, realMillis: 18_000) == nil)
        #expect(runner.step(rate: .oneRenewalEveryTenSeconds, realMillis: 19_000) == .toNextRenewal)
        runner.pause()
        #expect(runner.step(rate: .oneRenewalEveryTenSeconds, realMillis: 60_000) == nil, "time paused does not catch up")
    }

    @Test func anAbsurdGapDoesNotOverflow() {
        var runner = TimeRunner()
        _ = runner.step(rate: .monthlyRenewalEveryThirtySeconds, realMillis: 0)
        #expect(runner.step(rate: .monthlyRenewalEveryThirtySeconds, realMillis: .max) == .by(millis: .max))
    }
}
