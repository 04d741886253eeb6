import IAPCore
import Testing
@testable import StoreTUI
import WorldCore

/// The loss, the armed crash, the strategy switch and the too-small screen, driven through the
/// real update and app loop against a world on disk.
@Suite struct LossScreenTests {
    /// Relaunch under finish-first, then buy 100 Coins with a crash armed at `finished`.
    let loseCoins: [ScriptedTerminal.Step] = .settle + [.key(.character("m")), .key(.character("4"))] + .settle
        + [.key(.character("x")), .key(.character("6")), .key(.enter), .key(.enter)] + .settle + [.capture]

    @Test func aPurchaseLostUnderFinishFirstIsBadgedAndReportedOnTheRelaunch() throws {
        let world = try TUIWorld()
        let crashed = try #require(try world.session(loseCoins).first)
        try expectFrame(crashed, "lost-at-finished-finish-first-en-80x24")
        let frames = try world.session(.settle + [.capture, .key(.enter), .capture])
        try expectFrame(frames[0], "loss-report-finish-first-en-80x24")
        try expectFrame(try #require(frames.last), "loss-report-dismissed-en-80x24")
    }

    @Test func switchingStrategyInPlaceShowsTheSamePurchaseSaved() throws {
        let world = try TUIWorld()
        try world.session(loseCoins)
        let switched = try world.session(.settle + [.key(.enter), .key(.character("m")), .key(.character("1"))] + .settle
            + [.capture, .key(.character("x")), .key(.character("6")), .key(.enter), .key(.enter)] + .settle)
        let relaunched = try #require(switched.first)
        try expectFrame(relaunched, "relaunched-verify-then-finish-after-a-loss-en-80x24")
        let frames = try world.session(.settle + [.capture, .key(.enter), .capture])
        try expectFrame(frames[0], "recovery-and-loss-report-en-80x24")
        try expectFrame(try #require(frames.last), "recovery-and-loss-report-dismissed-en-80x24")
    }

    @Test func theCrashMenuDisarmsAndArmsAPowerCutAtAPoint() throws {
        let frames = try TUIWorld().session(.settle + [.key(.character("m")), .key(.character("4"))] + .settle
            + [.key(.character("x")), .key(.character("3")), .capture, .key(.character("x")), .capture,
               .key(.character("d")), .capture, .key(.character("x")), .key(.character("p")), .key(.character("6")), .capture])
        try expectFrame(frames[0], "crash-armed-unreachable-en-80x24")
        try expectFrame(frames[1], "crash-menu-armed-unreachable-en-80x24")
        try expectFrame(frames[2], "crash-disarmed-en-80x24")
        try expectFrame(frames[3], "power-cut-armed-at-finished-en-80x24")
    }

    @Test func keysPressedWhileTheTerminalIsTooSmallDoNothing() throws {
        let frames = try TUIWorld().session(.settle + [.resize(60, 18), .key(.enter), .key(.enter)] + .settle
            + [.resize(80, 24), .tick, .capture])
        let screen = try #require(frames.first)
        try expectFrame(screen, "keys-ignored-while-too-small-en-80x24")
    }
}
