import IAPCore

/// A transcript being written event by event: each event's lines (`EventText`), after a line
/// naming the simulated day before the first event and whenever the day changes, because each
/// line shows only the time of day and a clock moved by days would otherwise seem to run backwards.
public final class EventTranscript {
    private var day: Substring?

    public init() {}

    /// The lines for the next event: a day line first when the day changed, then its own.
    public func lines(_ event: Event) -> [String] {
        let today = Self.day(of: event)
        defer { day = today }
        guard day != today else { return EventText.lines(event) }
        return ["  " + Self.dayLine(today)] + EventText.lines(event)
    }

    /// The simulated day of an event, as `2026-01-31`.
    public static func day(of event: Event) -> Substring {
        SimulatedTime.format(event.time).prefix(10)
    }

    /// The line that names a day: `── 2026-01-31 ──`.
    public static func dayLine(_ day: Substring) -> String {
        "── \(day) ──"
    }
}
