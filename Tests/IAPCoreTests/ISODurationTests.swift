import Foundation
import Testing
@testable import IAPCore

@Suite("ISO 8601 durations")
struct ISODurationTests {
    private func date(_ text: String) throws -> Date {
        try #require(ISO8601DateFormatter().date(from: text))
    }

    @Test(arguments: [
        ("P1W", ISODuration(weeks: 1)),
        ("P1M", ISODuration(months: 1)),
        ("P3M", ISODuration(months: 3)),
        ("P1Y", ISODuration(years: 1)),
        ("P7D", ISODuration(days: 7)),
        ("P1Y2M", ISODuration(years: 1, months: 2)),
        ("P1Y2M3W4D", ISODuration(years: 1, months: 2, weeks: 3, days: 4)),
        ("P2M10D", ISODuration(months: 2, days: 10)),
    ])
    func parsesAndPrintsCanonically(text: String, expected: ISODuration) {
        #expect(ISODuration(text) == expected)
        #expect(expected.description == text)
    }

    @Test func leadingZerosAndZeroPartsNormalise() {
        #expect(ISODuration("P01M")?.description == "P1M")
        #expect(ISODuration("P0Y1M")?.description == "P1M")
        #expect(ISODuration().description == "P0D")
    }

    @Test(arguments: [
        "PT1H", "P1DT1H", "P", "P-1M", "1M", "P1X", "", "p1m", "P1", "M", "P0D", "P0Y0M",
        "P1M1Y", "P1M1M", "P1.5M", "P+1M", " P1M", "P1M ", "P9999999Y", "P99999999999999999999Y", "P１M",
    ])
    func rejectsMalformed(text: String) {
        #expect(ISODuration(text) == nil)
    }

    @Test func monthsClampToTheMonthsEnd() throws {
        let month = ISODuration(months: 1)
        #expect(month.added(to: try date("2025-01-31T10:00:00Z")) == (try date("2025-02-28T10:00:00Z")))
        #expect(month.added(to: try date("2024-01-31T10:00:00Z")) == (try date("2024-02-29T10:00:00Z")))
        #expect(month.added(to: try date("2025-03-31T00:00:00Z")) == (try date("2025-04-30T00:00:00Z")))
        #expect(ISODuration(years: 1).added(to: try date("2024-02-29T12:00:00Z")) == (try date("2025-02-28T12:00:00Z")))
    }

    @Test func addsEveryPartInUTC() throws {
        let start = try date("2025-01-15T23:30:00Z")
        #expect(ISODuration(weeks: 1).added(to: start) == (try date("2025-01-22T23:30:00Z")))
        #expect(ISODuration(days: 20).added(to: start) == (try date("2025-02-04T23:30:00Z")))
        #expect(ISODuration(years: 1, months: 2).added(to: start) == (try date("2026-03-15T23:30:00Z")))
        #expect(ISODuration(months: 1, weeks: 1, days: 1).added(to: start) == (try date("2025-02-23T23:30:00Z")))
        #expect(ISODuration(months: 3).added(to: try date("2025-03-01T00:00:00Z")) == (try date("2025-06-01T00:00:00Z")))
    }

    @Test func absurdDurationsSaturateInsteadOfTrapping() throws {
        let start = try date("2025-01-01T00:00:00Z")
        #expect(ISODuration(weeks: .max).added(to: start) == .distantFuture)
        #expect(ISODuration(weeks: .min).added(to: start) == .distantPast)
        #expect(ISODuration(weeks: 1, days: .max).added(to: start) == .distantFuture)
    }
}
