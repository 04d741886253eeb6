import IAPCore
import Simulator
import Testing
import TestSupport
@testable import StoreTUI

/// What the simulation writes that the interface shows — the reports, the reasons, the
/// strategies and crash points, the world's refusals — is told in Simplified Chinese: each text
/// and every sentence inside it matches a template of the table (scenario words and ids stay as
/// they are). `SlowChineseScenarioTests` does the same for every event of every shipped script.
@Suite struct ChineseSentencesTests {
    @Test func theLossReportsWhysStrategiesCrashPointsAndReasonsAreTold() {
        let catalog = BuiltInCatalog.catalog()
        var texts = Strategy.allCases.map(\.summary) + CrashPoint.allCases.map(\.explanation)
            + PurchaseError.allCases.map(\.explanation) + ReceiptStatus.allCases.map(\.meaning)
        for strategy in Strategy.allCases {
            let trials = CrashPoint.allCases.flatMap { [MatrixCell.Trial.crash($0), .powerCut($0)] } + MatrixFault.allCases.map(MatrixCell.Trial.fault)
            texts += trials.map { StrategyMatrix.lossExplanation(strategy: strategy, trial: $0) }
            let losses = [LossFinding(transactionId: 1000000000000001, productId: "com.storesim.pro", finished: true, strategy: strategy),
                          LossFinding(transactionId: 1000000000000002, productId: "com.example.gone", finished: false, strategy: nil)]
            texts += LossReportText.lines(losses, catalog: catalog, locale: "zh_CN")
        }
        for text in texts {
            #expect(Self.untold(text).isEmpty, "\(text): untold \(Self.untold(text))")
        }
    }

    @Test func theWorldsRefusalsAreTold() throws {
        let folder = try TemporaryFolder()
        let world = try folder.world(seed: 1)
        let commands: [ScenarioCommand] = [.buy(productId: "com.storesim.pro", answer: .confirm), .launch, .launch,
                                           .approve(productId: "com.storesim.pro"), .resolve(productId: "com.storesim.pro"),
                                           .refund(.product("com.storesim.pro"), reason: nil), .refund(.transaction(1000000000000009), reason: nil), .storeDelete(transactionId: 1000000000000009),
                                           .forge(.tamper(transactionId: 1000000000000009)), .advance(seconds: Int64.max / 1000)]
        var problems: [String] = []
        for command in commands {
            do {
                try world.perform(command)
            } catch {
                switch error {
                case .refused(let problem): problems.append(problem)
                case .failed(let failure): Issue.record("\(command): \(failure)")
                }
            }
        }
        #expect(problems.count == commands.count - 1, "every command but the first launch is refused: \(problems.joined(separator: " | "))")
        for problem in problems {
            #expect(Self.untold(problem).isEmpty, "\(problem): untold \(Self.untold(problem))")
        }
    }

    /// The parts of `text` no template tells: the text itself when none matches, else what the
    /// sentences in its holes leave untold.
    static func untold(_ text: String) -> [String] {
        guard let (_, values) = CoreTranslation.match(text) else { return [text] }
        return values.flatMap { name, value -> [String] in
            switch CoreTranslation.Hole(name) {
            case .sentence: untold(value)
            case .list: value.components(separatedBy: ", ").flatMap(untold)
            case .number, .word, .verbatim: []
            }
        }
    }

}
