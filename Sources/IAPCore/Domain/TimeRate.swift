/// How fast simulated time runs by itself in the interface: the rates of Xcode's
/// `SKTestSession.TimeRate` that are not deprecated, named as scripts write them.
public enum TimeRate: String, Sendable, CaseIterable {
    /// "A rate of time in which the test environment runs in real time."
    case real
    case monthlyRenewalEveryHour = "monthly-renewal-every-1h"
    case monthlyRenewalEveryThirtyMinutes = "monthly-renewal-every-30m"
    case monthlyRenewalEveryFifteenMinutes = "monthly-renewal-every-15m"
    case monthlyRenewalEveryFiveMinutes = "monthly-renewal-every-5m"
    case monthlyRenewalEveryThirtySeconds = "monthly-renewal-every-30s"
    case oneRenewalEveryFifteenMinutes = "one-renewal-every-15m"
    case oneRenewalEveryFiveMinutes = "one-renewal-every-5m"
    case oneRenewalEveryMinute = "one-renewal-every-1m"
    case oneRenewalEveryThirtySeconds = "one-renewal-every-30s"
    case oneRenewalEveryTenSeconds = "one-renewal-every-10s"
    case oneRenewalEveryTwoSeconds = "one-renewal-every-2s"

    /// How the clock moves at a rate.
    public enum Pace: Sendable, Equatable {
        /// Each real second is this many simulated seconds ("monthly subscriptions renew every
        /// 30 seconds": a month of 30 days passes in 30 real seconds).
        case scaled(simulatedSecondsPerSecond: Int64)
        /// Every this many real seconds the clock moves to the next renewal that falls due
        /// ("subscriptions of any time length renew every 2 seconds").
        case oneRenewalEvery(seconds: Int64)
    }

    /// The simulated month the monthly rates scale: 30 days.
    static let monthSeconds: Int64 = 30 * 86_400

    public var pace: Pace {
        switch self {
        case .real: .scaled(simulatedSecondsPerSecond: 1)
        case .monthlyRenewalEveryHour: .scaled(simulatedSecondsPerSecond: Self.monthSeconds / 3600)
        case .monthlyRenewalEveryThirtyMinutes: .scaled(simulatedSecondsPerSecond: Self.monthSeconds / 1800)
        case .monthlyRenewalEveryFifteenMinutes: .scaled(simulatedSecondsPerSecond: Self.monthSeconds / 900)
        case .monthlyRenewalEveryFiveMinutes: .scaled(simulatedSecondsPerSecond: Self.monthSeconds / 300)
        case .monthlyRenewalEveryThirtySeconds: .scaled(simulatedSecondsPerSecond: Self.monthSeconds / 30)
        case .oneRenewalEveryFifteenMinutes: .oneRenewalEvery(seconds: 900)
        case .oneRenewalEveryFiveMinutes: .oneRenewalEvery(seconds: 300)
        case .oneRenewalEveryMinute: .oneRenewalEvery(seconds: 60)
        case .oneRenewalEveryThirtySeconds: .oneRenewalEvery(seconds: 30)
        case .oneRenewalEveryTenSeconds: .oneRenewalEvery(seconds: 10)
        case .oneRenewalEveryTwoSeconds: .oneRenewalEvery(seconds: 2)
        }
    }
}

extension TimeRate {
    /// The number an Xcode StoreKit configuration file keeps in `_timeRate`: `SKTestTimeRate`'s
    /// raw value (`SKTestTimeRateRealTime` is 0, the monthly rates 10–13 and 15, the fixed ones
    /// 1000–1005).
    public var xcodeNumber: Int64 {
        switch self {
        case .real: 0
        case .monthlyRenewalEveryHour: 10
        case .monthlyRenewalEveryThirtyMinutes: 11
        case .monthlyRenewalEveryFifteenMinutes: 12
        case .monthlyRenewalEveryFiveMinutes: 13
        case .monthlyRenewalEveryThirtySeconds: 15
        case .oneRenewalEveryFifteenMinutes: 1000
        case .oneRenewalEveryFiveMinutes: 1001
        case .oneRenewalEveryMinute: 1002
        case .oneRenewalEveryThirtySeconds: 1003
        case .oneRenewalEveryTenSeconds: 1004
        case .oneRenewalEveryTwoSeconds: 1005
        }
    }

    /// The rate an Xcode file's `_timeRate` number names; for the three deprecated day rates
    /// Apple replaced (`SKTestTimeRateOneMinuteIsOneDay` 4, `ThirtySecondsIsOneDay` 5,
    /// `OneSecondIsOneDay` 6), the rate Apple names as the replacement. Nil for any other number.
    public init?(xcodeNumber: Int64) {
        let replacements: [Int64: TimeRate] = [
            4: .monthlyRenewalEveryThirtyMinutes, 5: .monthlyRenewalEveryFifteenMinutes, 6: .monthlyRenewalEveryThirtySeconds,
        ]
        guard let rate = Self.allCases.first(where: { $0.xcodeNumber == xcodeNumber }) ?? replacements[xcodeNumber] else { return nil }
        self = rate
    }
}
