import Foundation
import Testing

/// Every script in `Scenarios/` passes through the built binary.
@Suite struct ScenarioFilesTests {
    static var scripts: [String] {
        let folder = StoreSimProcess.projectRoot.appendingPathComponent("Scenarios")
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        return names.filter { $0.hasSuffix(".scenario") }.sorted()
    }

    @Test func thereAreAtLeastSixteenScripts() {
        #expect(Self.scripts.count >= 16)
    }

    @Test(arguments: scripts)
    func scriptPasses(_ name: String) throws {
        let result = try StoreSimProcess.run(["run", "Scenarios/\(name)"])
        #expect(result.status == 0, "\(name) failed:\n\(result.stdout)\n\(result.stderr)")
        #expect(result.stdout.contains("0 failed"))
        #expect(result.stderr.isEmpty)
    }

    @Test func theSharedExamplesAreHereUnchanged() throws {
        let shared = StoreSimProcess.projectRoot.deletingLastPathComponent().appendingPathComponent("shared/scenarios")
        let names = try #require(try? FileManager.default.contentsOfDirectory(atPath: shared.path),
                                 "the shared example scripts should be beside the repository, in \(shared.path)")
        let scenarios = names.filter { $0.hasSuffix(".scenario") }
        #expect(!scenarios.isEmpty, "\(shared.path) holds no example scripts")
        for name in scenarios {
            let original = try String(contentsOf: shared.appendingPathComponent(name), encoding: .utf8)
            let ours = try String(contentsOf: StoreSimProcess.projectRoot.appendingPathComponent("Scenarios/\(name)"), encoding: .utf8)
            #expect(original == ours, "Scenarios/\(name) differs from the shared example")
        }
    }
}
