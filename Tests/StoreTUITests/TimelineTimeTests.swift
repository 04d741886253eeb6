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
        let text = screen.joined(separator: "\n")
        let thirtyDaysOn = try #require(screen.firstIndex { $0.contains("clock advanced to 2026-01-31") && !$0.contains("01:00:00 ") }, "\(text)")
        let hourOn = try #require(screen.firstIndex { $0.hasPrefix("01:00:00 ") && $0.contains("clock advanced to 2026-01-31") }, "\(text)")
        #expect(screen[thirtyDaysOn - 1].trimmingPrefixSpaces == "── 2026-01-31 ──", "the clock moved to a new day: \(text)")
        #expect(screen[thirtyDaysOn].hasPrefix("00:00:00 "))
        #expect(screen[thirtyDaysOn + 1].contains("00:00:00"), "its words wrapped: \(text)")
        #expect(hourOn == thirtyDaysOn + 2)
    }

    @Test func theTimeColumnShowsTheHourAndTheTopRowTheDay() throws {
        let screen = try #require(try TUIWorld().session(clockJumps).last)
        let text = screen.joined(separator: "\n")
        let credited = try #require(screen.last { $0.contains("credited tx") }, "\(text)")
        #expect(credited.hasPrefix("01:00:00 "), "hh:mm:ss at 80 columns: \(text)")
        let heading = try #require(screen.firstIndex { $0.contains("Timeline  App") }, "\(text)")
        let top = try #require(screen[(heading + 1)...].first { !$0.trimmingPrefixSpaces.isEmpty })
        #expect(top.trimmingPrefixSpaces == "── 2026-01-31 ──", "\(text)")
    }

    @Test func wideTheTimeColumnAlsoShowsTheMilliseconds() throws {
        let screen = try #require(try TUIWorld().session(clockJumps, columns: 120, rows: 30).last)
        let credited = try #require(screen.last { $0.contains("credited tx") }, "\(screen.joined(separator: "\n"))")
        #expect(credited.hasPrefix("01:00:00."), "\(credited)")
    }
}

private extension String {
    /// The row without the spaces that pad it on either side.
    var trimmingPrefixSpaces: String { trimmingCharacters(in: .whitespaces) }
}
