import IAPCore
import Simulator
import Testing
@testable import StoreTUI

/// The loss, the armed crash, the strategy switch and the too-small screen, driven through the
/// real update and app loop against a world on disk.
@Suite struct LossScreenTests {
    /// Relaunch under finish-first, then buy 100 Coins with a crash armed at `finished`.
    let loseCoins: [ScriptedTerminal.Step] = .settle + [.key(.character("m")), .key(.character("4"))] + .settle
        + [.key(.character("x")), .key(.character("6")), .key(.enter), .key(.enter)] + .settle + [.capture]

    @Test func aPurchaseLostUnderFinishFirstIsBadgedAndReportedOnTheRelaunch() throws {
        let world = try TUIWorld()
        let crashed = try #require(try world.session(loseCoins).first)
        #expect(crashed[0].contains("App: crashed"))
        #expect(crashed[2].hasPrefix(" lost 1 · recoverable 0 · double-credited 0 "), "the badge shows the loss at once")
        let frames = try world.session(.settle + [.capture, .key(.enter), .capture])
        let report = try #require(frames.first).joined(separator: "\n")
        #expect(report.contains("─ Loss report ─"))
        #expect(report.contains("launch found 1 lost purchase"))
        #expect(report.contains("100 Coins (tx 1000000000000001): lost, paid $0.99 under finish-first"))
        #expect(report.contains("never ran: credited by the Server"))
        #expect(report.contains("why it cannot be recovered: finished before the Server credited it,"))
        #expect(report.contains("with no cache; the Store will not redeliver it"))
        #expect(report.contains("verify-then-finish or queue-only would have saved it"))
        let dismissed = try #require(frames.last)
        #expect(dismissed[2].hasPrefix(" lost 1 · recoverable 0 · double-credited 0 "))
        #expect(!dismissed.joined(separator: "\n").contains("Loss report"))
    }

    @Test func switchingStrategyInPlaceShowsTheSamePurchaseSaved() throws {
        let world = try TUIWorld()
        try world.session(loseCoins)
        let switched = try world.session(.settle + [.key(.enter), .key(.character("m")), .key(.character("1"))] + .settle
            + [.capture, .key(.character("x")), .key(.character("6")), .key(.enter), .key(.enter)] + .settle)
        let relaunched = try #require(switched.first)
        #expect(relaunched[0].contains("App: running  strategy: verify-then-finish"))
        #expect(!relaunched.joined(separator: "\n").contains("Loss report"), "a loss already reported is not reported again")
        let frames = try world.session(.settle + [.capture, .key(.enter), .capture])
        let report = try #require(frames.first).joined(separator: "\n")
        #expect(report.contains("─ Recovery and loss report ─"))
        #expect(report.contains("launch recovered 1 purchase:"))
        #expect(report.contains("100 Coins (tx 1000000000000002"))
        #expect(report.contains("100 Coins (tx 1000000000000001): lost, paid $0.99"))
        #expect(try #require(frames.last)[2].hasPrefix(" lost 1 · recoverable 0 · double-credited 0 "))
    }

    @Test func theCrashMenuDisarmsAndArmsAPowerCutAtAPoint() throws {
        let frames = try TUIWorld().session(.settle + [.key(.character("m")), .key(.character("4"))] + .settle
            + [.key(.character("x")), .key(.character("3")), .capture, .key(.character("x")), .capture,
               .key(.character("d")), .capture, .key(.character("x")), .key(.character("p")), .key(.character("6")), .capture])
        #expect(frames[0][0].contains(" crash armed: cached "))
        #expect(frames[0][2].hasPrefix(" finish-first never reaches cached "))
        let menu = frames[1].joined(separator: "\n")
        #expect(menu.contains("3 ▶  cached "))
        #expect(menu.contains("finish-first never gets there"))
        #expect(!frames[2][0].contains("armed"))
        #expect(!frames[2][2].contains("never reaches"))
        #expect(frames[2].contains { $0.contains("crash disarmed") })
        #expect(frames[3][0].contains(" power cut armed: finished "))
    }

    @Test func keysPressedWhileTheTerminalIsTooSmallDoNothing() throws {
        let frames = try TUIWorld().session(.settle + [.resize(60, 18), .key(.enter), .key(.enter)] + .settle
            + [.resize(80, 24), .tick, .capture])
        let screen = try #require(frames.first)
        #expect(screen[4].hasPrefix("▶ 100 Coins               $0.99  consumable  ×0 "))
        #expect(!screen.joined(separator: "\n").contains("App Store"))
    }
}
