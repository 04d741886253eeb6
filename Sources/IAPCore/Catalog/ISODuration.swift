import Foundation

/// ISO 8601 duration limited to Y, M, W, D (P1W, P1M, P3M, P1Y, P7D, P1Y2M).
///
/// Used for subscription periods, introductory offers and non-renewing passes. The text form
/// takes the designators in that order, each at most once, with a whole number of at most six
/// digits; time parts (`PT1H`), signs, fractions and a zero duration are not accepted.
public struct ISODuration: Sendable, Equatable, CustomStringConvertible {
    public let years: Int
    public let months: Int
    public let weeks: Int
    public let days: Int

    private static let designators: [Character] = ["Y", "M", "W", "D"]
    private static let maxDigits = 6

    public init(years: Int = 0, months: Int = 0, weeks: Int = 0, days: Int = 0) {
        self.years = years
        self.months = months
        self.weeks = weeks
        self.days = days
    }

    /// Parses `P1M`, `P1Y2M`, `P7D` …; nil for anything malformed, `P`, a zero duration, a
    /// negative number or a time part.
    public init?(_ text: String) {
        guard text.first == "P" else { return nil }
        var values = [0, 0, 0, 0]
        var nextDesignator = 0
        var digits = ""
        for character in text.dropFirst() {
            if character.isASCII, character.isNumber {
                digits.append(character)
                guard digits.count <= Self.maxDigits else { return nil }
                continue
            }
            guard let position = Self.designators.firstIndex(of: character),
                  position >= nextDesignator, let value = Int(digits) else { return nil }
            values[position] = value
            nextDesignator = position + 1
            digits = ""
        }
        guard digits.isEmpty, values.contains(where: { $0 > 0 }) else { return nil }
        self.init(years: values[0], months: values[1], weeks: values[2], days: values[3])
    }

    /// Canonical text, e.g. `P1M`, `P1Y2M`; `P0D` for the zero duration.
    public var description: String {
        let parts = zip([years, months, weeks, days], Self.designators)
            .filter { $0.0 != 0 }
            .map { "\($0.0)\($0.1)" }
        return parts.isEmpty ? "P0D" : "P" + parts.joined()
    }

    /// `date` moved on by this duration in the Gregorian calendar in UTC. Years and months
    /// come first and clamp to the month's end (Jan 31 + P1M = Feb 28 or 29); then weeks and
    /// days. A duration too large for the calendar gives `Date.distantFuture` (or
    /// `Date.distantPast` when any part is negative).
    public func added(to date: Date) -> Date {
        let (weekDays, weeksOverflow) = weeks.multipliedReportingOverflow(by: 7)
        let (allDays, daysOverflow) = weekDays.addingReportingOverflow(days)
        let components = DateComponents(year: years, month: months, day: allDays)
        guard !weeksOverflow, !daysOverflow,
              let result = Self.calendar.date(byAdding: components, to: date) else {
            return [years, months, weeks, days].contains { $0 < 0 } ? .distantPast : .distantFuture
        }
        return result
    }

    /// The moment `millis` (milliseconds since 1970) moved on by this duration, as `added(to:)`
    /// moves a date: the simulated clock's end of a period that starts then.
    public func added(toMillis millis: Int64) -> Int64 {
        SimulatedTime.millis(added(to: SimulatedTime.date(millis: millis)))
    }

    private static let calendar: Calendar = {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = .gmt
        return calendar
    }()
}
