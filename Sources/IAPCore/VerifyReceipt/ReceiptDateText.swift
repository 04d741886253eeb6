/// A moment as verifyReceipt writes each of its dates, three ways: "2026-01-01 00:00:00
/// Etc/GMT", the milliseconds since 1970 as a string, and the same moment in Pacific time,
/// "2025-12-31 16:00:00 America/Los_Angeles" (Apple: "the time … in the Pacific Time zone").
enum ReceiptDateText {
    /// Appends `"key":"…Etc/GMT","key_ms":"…","key_pst":"…America/Los_Angeles"` (the caller
    /// writes what goes before and after): Apple's three fields of one date, in its order.
    static func write(_ key: StaticString, _ millis: Int64, to json: inout ByteWriter) {
        json.byte(UInt8(ascii: "\""))
        json.literal(key)
        json.literal(#"":""#)
        writeCivil(millis, to: &json)
        json.literal(#" Etc/GMT",""#)
        json.literal(key)
        json.literal(#"_ms":""#)
        json.decimal(millis)
        json.literal(#"",""#)
        json.literal(key)
        json.literal(#"_pst":""#)
        writeCivil(millis + pacificOffsetMillis(at: millis), to: &json)
        json.literal(#" America/Los_Angeles""#)
    }

    /// The most bytes `write` writes besides its key three times: two civil times of up to 20
    /// characters, a number of up to 20, the zones' names and the punctuation.
    static let otherBytes = 120

    /// "yyyy-MM-dd HH:mm:ss" of a moment, milliseconds dropped.
    private static func writeCivil(_ millis: Int64, to json: inout ByteWriter) {
        let (date, secondOfDay, _) = SimulatedTime.civilMoment(millis: millis)
        padded(date.year, 4, &json)
        json.byte(UInt8(ascii: "-"))
        padded(date.month, 2, &json)
        json.byte(UInt8(ascii: "-"))
        padded(date.day, 2, &json)
        json.byte(UInt8(ascii: " "))
        padded(secondOfDay / 3600, 2, &json)
        json.byte(UInt8(ascii: ":"))
        padded(secondOfDay % 3600 / 60, 2, &json)
        json.byte(UInt8(ascii: ":"))
        padded(secondOfDay % 60, 2, &json)
    }

    private static func padded(_ value: Int64, _ width: Int, _ json: inout ByteWriter) {
        var digits = 1
        var bound: Int64 = 10
        while value >= bound && digits < 19 {
            digits += 1
            bound *= 10
        }
        for _ in digits..<max(digits, width) { json.byte(UInt8(ascii: "0")) }
        json.decimal(value)
    }

    /// Pacific time's offset from UTC at a moment: −7 hours while daylight saving time is in
    /// effect, −8 otherwise. The United States' rule since 2007: from the second Sunday of March at
    /// 2:00 standard time to the first Sunday of November at 2:00 daylight time; before 2007, from
    /// the first Sunday of April to the last Sunday of October.
    static func pacificOffsetMillis(at millis: Int64) -> Int64 {
        let standard: Int64 = -8 * 3_600_000
        let year = SimulatedTime.civilMoment(millis: millis).date.year
        let (startDay, endDay): (Int64, Int64) = year >= 2007
            ? (nthSunday(2, month: 3, year: year), nthSunday(1, month: 11, year: year))
            : (nthSunday(1, month: 4, year: year), lastSunday(month: 10, year: year))
        // 2:00 local: 10:00 UTC in standard time (the start), 9:00 UTC in daylight time (the end).
        let start = (startDay * 86400 + 10 * 3600) * 1000
        let end = (endDay * 86400 + 9 * 3600) * 1000
        return millis >= start && millis < end ? standard + 3_600_000 : standard
    }

    /// Days since 1970 of the `n`th Sunday of a month.
    private static func nthSunday(_ n: Int64, month: Int64, year: Int64) -> Int64 {
        let first = SimulatedTime.daysSinceEpoch(year: year, month: month, day: 1)
        // 1970-01-01 was a Thursday: (days + 4) mod 7 is the weekday, 0 for Sunday.
        let weekday = ((first + 4) % 7 + 7) % 7
        return first + (7 - weekday) % 7 + 7 * (n - 1)
    }

    /// Days since 1970 of the last Sunday of a month with 31 days.
    private static func lastSunday(month: Int64, year: Int64) -> Int64 {
        let last = SimulatedTime.daysSinceEpoch(year: year, month: month, day: 31)
        let weekday = ((last + 4) % 7 + 7) % 7
        return last - weekday
    }
}
