import IAPCore

/// Paces simulated time running by itself in the interface at the Store's time rate: given the
/// real time, says when the clock moves and how far, at most once a second (a scaled rate) or
/// once every renewal interval ("one renewal every N seconds"). A pure value, so tests drive it
/// with any real times.
struct TimeRunner {
    /// How the clock moves at one step.
    enum Step: Equatable {
        /// By this much simulated time.
        case by(millis: Int64)
        /// To the moment the next renewal falls due.
        case toNextRenewal
    }

    /// The real time of the last step, and the rate it ran at; nil while time does not run.
    private var last: (millis: Int64, rate: TimeRate)?

    /// The step due at real time `realMillis` at `rate`, or nil. The first call, and the first
    /// after `pause` or a change of rate, only starts counting.
    mutating func step(rate: TimeRate, realMillis: Int64) -> Step? {
        guard let last, last.rate == rate else {
            self.last = (realMillis, rate)
            return nil
        }
        let elapsed = realMillis - last.millis
        switch rate.pace {
        case .scaled(let factor):
            guard elapsed >= 1000 else { return nil }
            self.last = (realMillis, rate)
            let (millis, overflow) = elapsed.multipliedReportingOverflow(by: factor)
            return .by(millis: overflow ? .max : millis)
        case .oneRenewalEvery(let seconds):
            guard elapsed >= seconds * 1000 else { return nil }
            self.last = (realMillis, rate)
            return .toNextRenewal
        }
    }

    /// Stops time running (step mode) until the next `step` starts counting again.
    mutating func pause() {
        last = nil
    }
}
