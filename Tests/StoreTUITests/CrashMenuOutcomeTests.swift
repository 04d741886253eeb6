import IAPCore
import ReadSide
import Testing
@testable import StoreTUI

/// The crash menu tells, under the current strategy, which crash points lose the money and
/// which the relaunch recovers, by the strategy matrix's rule.
@Suite struct CrashMenuOutcomeTests {
    /// The crash menu's rows under `strategy`, in `locale`.
    private func menu(_ strategy: Strategy, notified: Bool = false, locale: String = "en_US") -> [String] {
        var view = WorldViewFixture.view()
        view.settings.strategy = strategy
        view.serverNotificationsOn = notified
        var state = TUIState(columns: 110, rows: 30, locale: locale)
        _ = TUIUpdate.update(&state, .input(.key(.character("x"))), model: view)
        return Screen.render(state, view).textRows
    }

    /// The word after a point's name on its row: its tag, or the first word of its explanation.
    private func tag(_ rows: [String], _ point: CrashPoint) -> String? {
        let number = (CrashPoint.allCases.firstIndex(of: point) ?? 0) + 1
        guard let row = rows.first(where: { $0.contains("│ \(number) ") && $0.contains(" \(point.rawValue) ") }) else { return nil }
        let words = row.split(separator: " ").map(String.init)
        return words.firstIndex(of: point.rawValue).flatMap { words.indices.contains($0 + 1) ? words[$0 + 1] : nil }
    }

    @Test func finishThenCacheLosesAtFinishedAndRecoversAtCached() {
        let rows = menu(.finishThenCache)
        #expect(tag(rows, .finished) == "loses", "\(rows.joined(separator: "\n"))")
        #expect(tag(rows, .cached) == "recovers")
        #expect(tag(rows, .serverCommitted) == "recovers")
    }

    @Test func verifyThenFinishLosesNowhere() {
        let rows = menu(.verifyThenFinish)
        for point in CrashPoint.allCases {
            #expect(tag(rows, point) == "recovers", "\(point.rawValue) in \(rows.joined(separator: "\n"))")
        }
    }

    @Test func aPointTheStrategyNeverReachesHasNoTag() {
        let rows = menu(.finishFirst)
        #expect(tag(rows, .finished) == "loses")
        let cached = rows.first { $0.contains(" cached ") && $0.contains("│ 3 ") } ?? ""
        #expect(cached.contains("✗") && !cached.contains("loses") && !cached.contains("recovers"), "\(cached)")
    }

    @Test func withNotificationsOnTheFinishedWindowRecovers() {
        #expect(tag(menu(.finishFirst, notified: true), .finished) == "recovers")
    }

    @Test func theChineseMenuTagsEachPoint() {
        let rows = menu(.finishThenCache, locale: "zh_CN")
        #expect(tag(rows, .finished) == "会丢钱", "\(rows.joined(separator: "\n"))")
        #expect(tag(rows, .cached) == "可找回")
    }
}
