import Foundation
import IAPCore
@testable import ScenarioLanguage
import TestSupport
import Testing
@testable import Drivers
import WorldCore

/// Chaos in Google Play worlds (`chaos --store play`): Play's commands only, in Google's words,
/// every outage shorter than three days; the recommended strategy never fails, and a failure of
/// another is shrunk to a script that fails again in a Play world. The App Store's draws are the
/// ones they always were.
@Suite struct PlayChaosTests {
    let catalog = BuiltInCatalog.catalog()

    @Test func everyPlayDrawIsACommandOfPlaysWorldsThatReadsBackAsItself() throws {
        var generator = ChaosGenerator(catalog: catalog, random: SplitMix64(seed: 3), store: .play)
        let parser = ScenarioParser(catalog: catalog, store: .play)
        var drawn: Set<String> = []
        var cardFailed = false
        for _ in 0..<300 {
            for command in generator.body() {
                let line = command.scriptLine(on: .play)
                cardFailed = cardFailed || line.hasSuffix(" billing fail")
                let parsed = try parser.parse(line, file: "line")
                #expect(parsed.map(\.command) == [command], "\(line)")
                drawn.insert(String(line.split(separator: " ").prefix(2).joined(separator: " ")))
            }
        }
        for expected in ["background", "resume", "server voided", "store pubsub", "server down", "network offline"] {
            #expect(drawn.contains(expected), "\(expected) never drawn: \(drawn.sorted())")
        }
        #expect(drawn.contains { $0.hasPrefix("refund ") })
        #expect(cardFailed, "a subscriber's card never failed: no grace period or account hold was drawn")
        #expect(!drawn.contains { $0.hasPrefix("account") || $0.hasPrefix("store fail") })
    }

    @Test func playsBuyAnswersAndWordsAreGooglesOwn() {
        var generator = ChaosGenerator(catalog: catalog, random: SplitMix64(seed: 5), store: .play)
        let commands = (0..<300).flatMap { _ in generator.body() }
        let answers = Set(commands.compactMap { command -> SheetAnswer? in if case .buy(_, let answer) = command { answer } else { nil } })
        #expect(answers == Set(SheetAnswer.play))
        #expect(ScenarioCommand.crashAt(.finished).scriptLine(on: .play) == "crash at acknowledged")
        #expect(ScenarioCommand.powerCutAt(.paymentSent).scriptLine(on: .play) == "power-cut at billing-flow-launched")
        #expect(ScenarioCommand.strategy(.serverFinishes).scriptLine(on: .play) == "strategy server-acknowledges")
        #expect(ScenarioCommand.strategy(.serverFinishes).scriptLine == "strategy server-finishes")
    }

    /// The App Store's table is the one chaos always drew from: no command of Google Play's
    /// alone has an App Store weight, so a seed's App Store runs are what they were.
    @Test func playsDrawsLeaveTheAppStoresTableAsItWas() {
        let playOnly = ScenarioVocabulary.declarations.filter { !$0.stores.contains(.appStore) }
        #expect(!playOnly.isEmpty)
        #expect(playOnly.allSatisfy { $0.chaos == nil })
        #expect(playOnly.contains { $0.playChaos != nil })
        #expect(ScenarioVocabulary.declarations.filter { $0.chaos(on: .appStore) != nil }.count
                == ScenarioVocabulary.declarations.filter { $0.chaos != nil }.count)
    }

    @Test func anOutageEndsBeforeThreeDays() {
        let day: Int64 = 86400
        let body: [ScenarioCommand] = [.server(.down), .advance(seconds: day), .network(online: false), .advance(seconds: 2 * day),
                                       .advance(seconds: day)]
        let kept = PlayOutageBound.kept(body)
        #expect(kept == [.server(.down), .advance(seconds: day), .network(online: false),
                         .server(.up), .network(online: true), .advance(seconds: 2 * day), .advance(seconds: day)])
        #expect(PlayOutageBound.keeps(kept))
        #expect(!PlayOutageBound.keeps(body))
        #expect(PlayOutageBound.keeps([.server(.dropResponse), .advance(seconds: 2 * day), .server(.up), .advance(seconds: 30 * day)]))
        #expect(!PlayOutageBound.keeps([.network(online: false), .advance(seconds: 3 * day)]))
    }

    @Test func theRecommendedStrategyNeverFails() throws {
        let summary = try ChaosRunner(catalog: catalog, strategy: .serverFinishes, seed: 21, store: .play).run(runs: 60) { _, _ in }
        #expect(summary.runs == 60)
        #expect(summary.failingSeeds.isEmpty, "\(summary.notOkReasons)")
        #expect(summary.repro == nil)
        #expect(summary.purchases > 20)
        #expect(summary.notifiedRuns == 60)
        #expect(summary.storeKit2Runs == 0)
    }

    @Test func aFailureIsShrunkToAPlayScriptThatFailsAgain() throws {
        let summary = try ChaosRunner(catalog: catalog, strategy: .verifyThenFinish, seed: 2, store: .play).run(runs: 60) { _, _ in }
        #expect(!summary.failingSeeds.isEmpty)
        let repro = try #require(summary.repro)
        #expect(repro.first == "strategy verify-then-acknowledge")
        #expect(repro.contains("server notifications on"))
        #expect(repro.last == "expect audit ok")
        #expect(repro.count <= 12, "shrunk to a handful of lines: \(repro)")

        let steps = try ScenarioParser(catalog: catalog, store: .play).parse(repro.joined(separator: "\n"), file: "chaos-repro.scenario")
        let folder = try TemporaryFolder()
        let runner = ScenarioRunner(world: try folder.world(catalog: catalog, seed: 2, store: .play)) { _ in }
        try runner.run(steps, file: "chaos-repro.scenario")
        #expect(runner.failedExpectations.count == 1)
    }
}
