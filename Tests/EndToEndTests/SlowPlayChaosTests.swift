import Foundation
import Testing
import TestSupport

/// `storesim chaos --store play`, as a user runs it: under server-acknowledges (Google's
/// recommendation) fresh seeds find nothing failing; under verify-then-acknowledge chaos finds the
/// three-day rule refunding what a crashed app never acknowledged, and the repro it writes fails
/// again under `storesim run --store play`.
@Suite(.tags(.slow)) struct SlowPlayChaosTests {
    @Test(arguments: [101, 202, 303])
    func theRecommendedStrategyFindsNothingOnFreshSeeds(_ seed: Int) throws {
        let folder = try TemporaryFolder()
        let result = try StoreSimProcess.run(["chaos", "--store", "play", "--strategy", "server-acknowledges", "--runs", "200",
                                              "--seed", "\(seed)"], in: folder.url)
        #expect(result.status == 0, "\(result.stdout)")
        #expect(result.stdout.contains("chaos: 200 runs in "))
        #expect(result.stdout.contains("strategy server-acknowledges, store play (Google Play, notifications on in every run), seed \(seed)\n"))
        #expect(result.stdout.contains("failing runs: 0\n"))
        #expect(!FileManager.default.fileExists(atPath: folder.path + "/chaos-repro.scenario"))
    }

    @Test func verifyThenAcknowledgeIsCaughtAndItsReproFailsAgainOnGooglePlay() throws {
        let folder = try TemporaryFolder()
        let result = try StoreSimProcess.run(["chaos", "--store", "play", "--strategy", "verify-then-acknowledge", "--runs", "200",
                                              "--seed", "1"], in: folder.url)
        #expect(result.status == 1, "\(result.stdout)")
        #expect(result.stdout.contains("auto-refunded "))
        #expect(result.stdout.contains("replay: storesim run --store play chaos-repro.scenario\n"))
        let repro = try String(contentsOfFile: folder.path + "/chaos-repro.scenario", encoding: .utf8)
        let lines = repro.split(separator: "\n").map(String.init)
        #expect(lines.first?.hasPrefix("# chaos repro: storesim run --store play chaos-repro.scenario (Google Play); "
                                       + "strategy verify-then-acknowledge, notifications on, session seed 1, run seed ") == true)
        #expect(lines.contains("strategy verify-then-acknowledge"))
        #expect(lines.last == "expect audit ok")

        let replay = try StoreSimProcess.run(["run", "--store", "play", "chaos-repro.scenario"], in: folder.url)
        #expect(replay.status == 1, "\(replay.stdout)\(replay.stderr)")
        #expect(replay.stderr.contains("expect audit ok: expected ok, found not ok"))
        let onTheAppStore = try StoreSimProcess.run(["run", "chaos-repro.scenario"], in: folder.url)
        #expect(onTheAppStore.status == 2, "Google's words are a script error in an App Store world")
    }
}
