import Foundation

/// Formats simulated dates the same way everywhere: UTC, ISO 8601, to the second.
public enum SimulatedTime {
    /// The moment every new world starts at.
    public static let epoch = Date(timeIntervalSince1970: 1_767_225_600)

    /// The simulated clock's range in milliseconds since 1970, from 2001-01-01 00:00:00 to
    /// 9999-12-31 23:59:59.999: a clock read from a file must lie in it.
    public static let millisRange: ClosedRange<Int64> = 978_307_200_000...253_402_300_799_999

    /// How far `advance` may move the clock: up to 9999-01-01 00:00:00, which leaves a year for
    /// the milliseconds that delivering messages adds.
    public static let latestAdvanceMillis: Int64 = 253_370_764_800_000

    /// A moment as the files keep it: whole milliseconds since 1970.
    public static func millis(_ date: Date) -> Int64 {
        Int64(date.timeIntervalSince1970 * 1000)
    }

    /// The moment a number of milliseconds since 1970 names.
    public static func date(millis: Int64) -> Date {
        Date(timeIntervalSince1970: Double(millis) / 1000)
    }

    /// The moment a number of milliseconds since 1970 names, as `format` writes it.
    public static func format(millis: Int64) -> String {
        format(date(millis: millis))
    }

    /// "2026-01-01 00:00:00".
    public static func format(_ date: Date) -> String {
        let seconds = Int64(date.timeIntervalSince1970.rounded(.down))
        let days = seconds >= 0 ? seconds / 86400 : (seconds - 86399) / 86400
        let secondOfDay = seconds - days * 86400
        let (year, month, day) = civilDate(daysSinceEpoch: days)
        return padded(year, 4) + "-" + padded(month, 2) + "-" + padded(day, 2) + " " + padded(secondOfDay / 3600, 2) + ":"
            + padded(secondOfDay % 3600 / 60, 2) + ":" + padded(secondOfDay % 60, 2)
    }

    /// The milliseconds past the second of a moment given in milliseconds since 1970, as three
    /// digits: "042".
    public static func millisOfSecond(_ millis: Int64) -> String {
        padded((millis % 1000 + 1000) % 1000, 3)
    }

    /// A moment as Google's APIs write a timestamp, RFC 3339 in UTC with three fractional digits:
    /// "2026-01-01T00:00:00.042Z". Google: "Uses RFC 3339, where generated output will always be
    /// Z-normalized and uses 0, 3, 6 or 9 fractional digits."
    public static func rfc3339(_ millis: Int64) -> String {
        format(date(millis: millis)).replacingOccurrences(of: " ", with: "T") + "." + millisOfSecond(millis) + "Z"
    }

    /// `value` in at least `width` characters, zeros after any sign, as `%0*d` writes it; without a
    /// format string, which cost every timeline event and receipt date a parse of its own.
    private static func padded(_ value: Int64, _ width: Int) -> String {
        let digits = String(value.magnitude)
        let sign = value < 0 ? "-" : ""
        return sign + String(repeating: "0", count: max(0, width - sign.count - digits.count)) + digits
    }

    /// Howard Hinnant's civil-to-days conversion (proleptic Gregorian): the day counted from
    /// 1970-01-01 of a civil date.
    public static func daysSinceEpoch(year: Int64, month: Int64, day: Int64) -> Int64 {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yearOfEra = y - era * 400
        let dayOfYear = (153 * (month > 2 ? month - 3 : month + 9) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    /// A moment in milliseconds since 1970 as UTC calendar fields: its date, its second of the
    /// day and its milliseconds past the second (each rounded toward the past before 1970 too).
    public static func civilMoment(millis: Int64) -> (date: (year: Int64, month: Int64, day: Int64), secondOfDay: Int64, millisecond: Int64) {
        let seconds = millis >= 0 ? millis / 1000 : (millis - 999) / 1000
        let days = seconds >= 0 ? seconds / 86400 : (seconds - 86399) / 86400
        let date = civilDate(daysSinceEpoch: days)
        return ((date.0, date.1, date.2), seconds - days * 86400, millis - seconds * 1000)
    }

    /// Howard Hinnant's days-to-civil conversion (proleptic Gregorian, UTC): year, month, day.
    public static func civilDate(daysSinceEpoch: Int64) -> (Int64, Int64, Int64) {
        let z = daysSinceEpoch + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let dayOfEra = z - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let monthIndex = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * monthIndex + 2) / 5 + 1
        let month = monthIndex < 10 ? monthIndex + 3 : monthIndex - 9
        return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
    }
}
