import Foundation
import Testing
@testable import StoreTUI

/// The timeline's time column shows the hour, and a day line is drawn where the day changes, as
/// `storesim timeline` draws one: a clock moved by days and hours never seems to run backwards.
@Suite struct TimelineTimeTests {
    /// Thirty days on, then an hour on; then a purchase.
    private let clockJumps: [ScriptedTerminal.Step] = .settle + [.key(.character("t")), .key(.character("3"))] + .settle
        + [.key(.character("1"))] + .settle + [.key(.escape), .capture, .key(.enter), .key(.enter)] + .settle + [.capture]

    @Test func aDayLineMarksWhereTheDayChanges() throws {
        let screen = try #require(try TUIWorld().session(clockJumps).first)
        try expectFrame(screen, "clock-on-thirty-days-then-an-hour-en-80x24")
    }

    @Test func theTimeColumnShowsTheHourAndTheTopRowTheDay() throws {
        let screen = try #require(try TUIWorld().session(clockJumps).last)
        try expectFrame(screen, "clock-on-then-bought-en-80x24")
    }

    @Test func wideTheTimeColumnAlsoShowsTheMilliseconds() throws {
        let screen = try #require(try TUIWorld().session(clockJumps, columns: 120, rows: 30).last)
        try expectFrame(screen, "clock-on-then-bought-en-120x30")
    }
}
