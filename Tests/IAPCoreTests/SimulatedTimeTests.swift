import Foundation
import IAPCore
import Testing

/// Simulated dates read the same everywhere: UTC, zero-padded, to the second.
@Suite struct SimulatedTimeTests {
    @Test(arguments: [
        (1_767_225_600.0, "2026-01-01 00:00:00"),
        (978_307_200.0, "2001-01-01 00:00:00"),
        (1_772_323_199.999, "2026-02-28 23:59:59"),
        (253_402_300_799.0, "9999-12-31 23:59:59"),
        (951_782_405.0, "2000-02-29 00:00:05"),
        (-62_135_596_800.0, "0001-01-01 00:00:00"),
    ])
    func datesAreZeroPaddedInUTC(seconds: Double, text: String) {
        #expect(SimulatedTime.format(Date(timeIntervalSince1970: seconds)) == text)
    }

    @Test(arguments: [
        (Int64(1_767_225_600_000), "000"), (1_767_225_600_042, "042"), (1_767_225_600_999, "999"), (978_307_200_100, "100"),
        (-1, "999"),
    ])
    func millisPastTheSecondAreThreeDigits(millis: Int64, text: String) {
        #expect(SimulatedTime.millisOfSecond(millis) == text)
    }
}
