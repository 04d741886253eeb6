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
}
