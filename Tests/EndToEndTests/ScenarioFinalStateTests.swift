import Foundation
import Testing
import TestSupport

/// Every script in `Scenarios/` leaves the world it left before: the same audit and the same
/// final state, byte for byte, as recorded in `Scenarios/final-states/`. A change that means to
/// change one records it anew with `STORESIM_RECORD_FINAL_STATES=1 swift test --filter ScenarioFinalState`
/// and says why in its commit. The worlds are made with `--seed 1`: only a seeded world signs the
/// same bytes every run (a default world's keys are random), and seed 1 is the one the states were
/// recorded with.
@Suite struct ScenarioFinalStateTests {
    static let folder = StoreSimProcess.projectRoot.appendingPathComponent("Scenarios/final-states")

    @Test(arguments: ScenarioFilesTests.allScripts)
    func theFinalAuditAndStateAreAsRecorded(_ name: String) throws {
        let world = try TemporaryFolder()
        let directory = world.file("world")
        _ = try StoreSimProcess.run(["run", "--data-dir", directory, "--seed", "1"] + ScenarioFilesTests.runArguments(name))
        let audit = try StoreSimProcess.run(["audit", "--json", "--data-dir", directory])
        let state = try StoreSimProcess.run(["state", "--json", "--data-dir", directory])
        #expect(audit.stderr.isEmpty && state.stderr.isEmpty, "\(audit.stderr)\(state.stderr)")
        let found = audit.stdout + state.stdout
        let recorded = Self.folder.appendingPathComponent(name.replacingOccurrences(of: ".scenario", with: ".json"))
        if ProcessInfo.processInfo.environment["STORESIM_RECORD_FINAL_STATES"] == "1" {
            try FileManager.default.createDirectory(at: Self.folder, withIntermediateDirectories: true)
            try found.write(to: recorded, atomically: true, encoding: .utf8)
        }
        let expected = try #require(try? String(contentsOf: recorded, encoding: .utf8), "no final state recorded for \(name)")
        #expect(found == expected, "\(name) ends in another world than the one recorded")
    }
}
