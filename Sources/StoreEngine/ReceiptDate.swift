import IAPCore

/// The dates of the app receipt's payload: RFC 3339 in UTC, as Apple writes them
/// (`2013-08-01T07:00:00Z`), with milliseconds (`.250`) when the moment has any, written and read
/// straight from milliseconds since 1970 with the civil calendar's arithmetic (no formatter).
enum ReceiptDate {
    /// The bytes `append` writes for `millis`.
    static func count(_ millis: Int64) -> Int {
        millis % 1000 == 0 ? 20 : 24
    }

    /// Appends `millis` (years 0 to 9999) as RFC 3339.
    static func append(_ millis: Int64, to bytes: inout [UInt8]) {
        let ((year, month, day), time, fraction) = SimulatedTime.civilMoment(millis: millis)
        digits(year, 4, &bytes)
        bytes.append(UInt8(ascii: "-"))
        digits(month, 2, &bytes)
        bytes.append(UInt8(ascii: "-"))
        digits(day, 2, &bytes)
        bytes.append(UInt8(ascii: "T"))
        digits(time / 3600, 2, &bytes)
        bytes.append(UInt8(ascii: ":"))
        digits(time / 60 % 60, 2, &bytes)
        bytes.append(UInt8(ascii: ":"))
        digits(time % 60, 2, &bytes)
        if fraction != 0 {
            bytes.append(UInt8(ascii: "."))
            digits(fraction, 3, &bytes)
        }
        bytes.append(UInt8(ascii: "Z"))
    }

    /// The milliseconds `range` of `bytes` writes, in `append`'s form; nil for anything else.
    static func millis(_ bytes: [UInt8], _ range: Range<Int>) -> Int64? {
        guard range.count == 20 || range.count == 24 else { return nil }
        let start = range.lowerBound
        func number(_ offset: Int, _ count: Int) -> Int64? {
            var value: Int64 = 0
            for index in (start + offset)..<(start + offset + count) {
                let digit = bytes[index]
                guard digit >= UInt8(ascii: "0"), digit <= UInt8(ascii: "9") else { return nil }
                value = value * 10 + Int64(digit - UInt8(ascii: "0"))
            }
            return value
        }
        let punctuation: [(Int, Character)] = [(4, "-"), (7, "-"), (10, "T"), (13, ":"), (16, ":")]
        guard punctuation.allSatisfy({ bytes[start + $0.0] == $0.1.asciiValue }), bytes[range.upperBound - 1] == UInt8(ascii: "Z"),
              let year = number(0, 4), let month = number(5, 2), let day = number(8, 2),
              let hour = number(11, 2), let minute = number(14, 2), let second = number(17, 2),
              (1...12).contains(month), (1...31).contains(day), hour < 24, minute < 60, second < 60
        else { return nil }
        var fraction: Int64 = 0
        if range.count == 24 {
            guard bytes[start + 19] == UInt8(ascii: "."), let written = number(20, 3), written != 0 else { return nil }
            fraction = written
        }
        let days = SimulatedTime.daysSinceEpoch(year: year, month: month, day: day)
        guard SimulatedTime.civilDate(daysSinceEpoch: days) == (year, month, day) else { return nil }
        return ((days * 86_400 + hour * 3600 + minute * 60 + second) * 1000) + fraction
    }

    private static func digits(_ value: Int64, _ count: Int, _ bytes: inout [UInt8]) {
        var divisor: Int64 = 1
        for _ in 1..<count { divisor *= 10 }
        while divisor > 0 {
            bytes.append(UInt8(ascii: "0") + UInt8(value / divisor % 10))
            divisor /= 10
        }
    }
}
