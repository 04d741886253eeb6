import Foundation
import IAPCore
import Simulator
import Testing
import TestSupport
@testable import StoreTUI

/// Every event every shipped scenario and lesson writes is told in Simplified Chinese by its
/// case exactly as the sentence tables told its English words, line by line: the typed wording
/// and the tables agree while both are kept.
@Suite(.tags(.slow)) struct SlowTypedChineseTests {
    @Test func everyTypedEventOfEveryShippedScenarioIsToldAsTheTablesToldIt() throws {
        var typed = 0
        var differences: [String] = []
        for script in try SlowChineseScenarioTests.scripts() {
            let folder = try TemporaryFolder()
            let world = try folder.world(catalog: SlowChineseScenarioTests.catalog(beside: script), seed: 1)
            world.onEvent = { event in
                switch event.what {
                case .legacy, .crash: return // a crash is worded by its case alone: its sentences have left the tables
                default: break
                }
                typed += 1
                let words = Language.simplifiedChinese.words(event.what)
                let told = event.text.components(separatedBy: "\n").map(Language.simplifiedChinese.core).joined(separator: "\n")
                if words != told { differences.append("\(event.text)\n  case: \(words)\n  told: \(told)") }
            }
            let steps = try ScenarioParser(catalog: world.catalog).parse(String(contentsOf: script, encoding: .utf8),
                                                                         file: script.lastPathComponent)
            try ScenarioRunner(world: world) { _ in }.run(steps, file: script.lastPathComponent)
        }
        #expect(typed > 1000, "the scenarios write many typed events: \(typed)")
        #expect(differences.isEmpty, "\(Set(differences).sorted().joined(separator: "\n"))")
    }
}
