import Testing
@testable import StoreTUI

/// While a report is open, the screen gives one hint: how to dismiss it, not the main screen's
/// keys.
@Suite struct ReportHintTests {
    @Test func aRecoveryReportOpenedAtLaunchHidesTheMainScreensHint() throws {
        let world = try TUIWorld()
        try world.session(.settle + [.key(.character("x")), .key(.character("4")), .key(.enter), .key(.enter)] + .settle)
        let screen = try #require(try world.session(.settle + [.capture]).first)
        try expectFrame(screen, "recovery-report-at-launch-en-80x24")
    }

    @Test func aLossReportOpenedAtLaunchHidesTheMainScreensHint() throws {
        let world = try TUIWorld()
        try world.folder.world(seed: 3).perform(.strategy(.finishFirst))
        try world.session(.settle + [.key(.character("x")), .key(.character("6")), .key(.enter), .key(.enter)] + .settle)
        let screen = try #require(try world.session(.settle + [.capture]).first)
        try expectFrame(screen, "loss-report-at-launch-en-80x24")
    }
}
