import IAPCore
import Testing
@testable import StoreTUI

/// A launch whose orders are still pending says so in its report, in both languages: it found
/// them, it did not recover them.
@Suite struct PendingRecoveryScreenTests {
    @Test func aLaunchWithTheServerDownReportsItsOrderStillPending() throws {
        let world = try TUIWorld()
        try world.folder.world(seed: 3).perform(.server(.down))
        try world.session(.settle + [.key(.enter), .key(.enter)] + .settle)
        try expectFrame(try #require(try world.session(.settle + [.capture]).first), "recovery-report-still-pending-en-80x24")
    }

    @Test func theHeadingIsToldInChinese() {
        func heading(_ outcomes: [RecoveryOutcome?]) -> String? {
            let purchases = outcomes.map { LaunchRecovery.Purchase(title: "100 Coins", transactionId: 1000000000000001, source: .cache, outcome: $0) }
            return Language.simplifiedChinese.words(.recovery(LaunchRecovery(purchases: purchases))).components(separatedBy: "\n").first
        }
        #expect(heading([.stillPending(.noAnswer(.reply(.serverDown)))]) == "启动时找到 1 笔待恢复的购买：恢复 0 笔，仍待处理 1 笔，已拒绝 0 笔：")
        #expect(heading([.creditedNow, nil, .rejected(.rejected(.malformed))]) == "启动时找到 3 笔待恢复的购买：恢复 1 笔，仍待处理 1 笔，已拒绝 1 笔：")
    }
}
