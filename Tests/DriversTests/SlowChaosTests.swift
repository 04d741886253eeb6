import Foundation
import IAPCore
@testable import ScenarioLanguage
import TestSupport
import Testing
@testable import Drivers

/// Chaos runs: the safe strategies never fail; the unsafe ones are caught and shrunk to a
/// script that fails again when run as a script.
@Suite(.tags(.slow)) struct SlowChaosTests {
    let catalog = BuiltInCatalog.catalog()

    @Test(arguments: [Strategy.verifyThenFinish, .queueOnly, .serverFinishes])
    func safeStrategiesNeverLose(_ strategy: Strategy) throws {
        let summary = try ChaosRunner(catalog: catalog, strategy: strategy, seed: 11).run(runs: 60) { _, _ in }
        #expect(summary.runs == 60)
        #expect(summary.failingSeeds.isEmpty)
        #expect(summary.repro == nil)
        #expect(summary.purchases > 20)
        #expect(summary.statistics.crashes > 20)
        #expect(summary.statistics.recovered > 5)
    }

    @Test(arguments: [Strategy.finishFirst, .finishThenCache])
    func unsafeStrategiesAreCaughtWithAShortReproThatFailsAgain(_ strategy: Strategy) throws {
        let summary = try ChaosRunner(catalog: catalog, strategy: strategy, seed: 5).run(runs: 300) { _, _ in }
        #expect(!summary.failingSeeds.isEmpty)
        let repro = try #require(summary.repro)
        #expect(repro.first == "strategy \(strategy.rawValue)")
        #expect(repro.last == "expect audit ok")
        #expect(repro.count <= 12, "shrunk to a handful of lines: \(repro)")

        let steps = try ScenarioParser(catalog: catalog).parse(repro.joined(separator: "\n"), file: "chaos-repro.scenario")
        let folder = try TemporaryFolder()
        let runner = ScenarioRunner(world: try folder.world(catalog: catalog, seed: 1)) { _ in }
        try runner.run(steps, file: "chaos-repro.scenario")
        #expect(runner.failedExpectations.count == 1)
    }

    @Test(arguments: [0, -1, Int.min])
    func aCountBelowOneIsAnEmptySession(runs: Int) throws {
        var told = 0
        let summary = try ChaosRunner(catalog: catalog, strategy: .finishFirst, seed: 1).run(runs: runs) { _, _ in told += 1 }
        #expect(summary.runs == 0)
        #expect(summary.failingSeeds.isEmpty)
        #expect(summary.repro == nil)
        #expect(told == 0)
    }

    @Test func theSameSeedGivesTheSameRuns() throws {
        let runner = ChaosRunner(catalog: catalog, strategy: .finishFirst, seed: 99)
        let first = try runner.run(runs: 40) { _, _ in }
        let second = try runner.run(runs: 40) { _, _ in }
        #expect(first.failingSeeds == second.failingSeeds)
        #expect(first.purchases == second.purchases)
        #expect(first.statistics == second.statistics)
    }

    @Test func runsInParallelFindWhatASerialRunFinds() throws {
        let runner = ChaosRunner(catalog: catalog, strategy: .finishFirst, seed: 99)
        var heard: [[Int]] = [[], []]
        let serial = try runner.run(runs: 40, workers: 1) { done, sofar in heard[0].append(contentsOf: [done, sofar.failingSeeds.count]) }
        let parallel = try runner.run(runs: 40, workers: 2) { done, sofar in heard[1].append(contentsOf: [done, sofar.failingSeeds.count]) }
        #expect(!serial.failingSeeds.isEmpty)
        #expect(parallel.failingSeeds == serial.failingSeeds)
        #expect(parallel.repro == serial.repro)
        #expect(parallel.repro != nil)
        #expect(parallel.runs == serial.runs)
        #expect(parallel.purchases == serial.purchases)
        #expect(parallel.statistics == serial.statistics)
        #expect(heard[1] == heard[0], "progress is told run by run, in order")
    }

    @Test func everyGeneratedCommandReadsBackAsItself() throws {
        var generator = ChaosGenerator(catalog: catalog, random: SplitMix64(seed: 3))
        let parser = ScenarioParser(catalog: catalog)
        for _ in 0..<50 {
            for command in generator.body() {
                let parsed = try parser.parse(command.scriptLine, file: "line")
                #expect(parsed.map(\.command) == [command], "\(command.scriptLine)")
            }
        }
    }
}
