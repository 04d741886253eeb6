import Foundation
import Testing
import TestSupport

/// Every script in `Scenarios/` and `Scenarios/lessons/` passes through the built binary; a
/// script with a `.storekit` file of the same name beside it runs with that file as its catalog.
@Suite struct ScenarioFilesTests {
    static var scripts: [String] {
        scripts(in: "") + lessons
    }

    /// The lessons `storesim play` presents, as paths under `Scenarios/`.
    static var lessons: [String] {
        scripts(in: "lessons/")
    }

    private static func scripts(in subfolder: String) -> [String] {
        let folder = StoreSimProcess.projectRoot.appendingPathComponent("Scenarios/" + subfolder)
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        return names.filter { $0.hasSuffix(".scenario") }.sorted().map { subfolder + $0 }
    }

    /// What follows `run` (and its `--data-dir`) for the script `name`: `--catalog` with the
    /// `.storekit` file of the same name when there is one beside it, then the script.
    static func runArguments(_ name: String) -> [String] {
        let catalog = "Scenarios/" + name.replacingOccurrences(of: ".scenario", with: ".storekit")
        let hasCatalog = FileManager.default.fileExists(atPath: StoreSimProcess.projectRoot.appendingPathComponent(catalog).path)
        return (hasCatalog ? ["--catalog", catalog] : []) + ["Scenarios/\(name)"]
    }

    @Test func thereAreAtLeastSixteenScripts() {
        #expect(Self.scripts.count >= 16)
    }

    @Test func eachLessonEndsInTheExpectThatStatesIt() throws {
        #expect(Self.lessons.count == 3)
        for lesson in Self.lessons {
            let text = try String(contentsOf: StoreSimProcess.projectRoot.appendingPathComponent("Scenarios/\(lesson)"), encoding: .utf8)
            let last = text.split(separator: "\n").last { !$0.hasPrefix("#") && !$0.isEmpty }
            #expect(last == "expect lost 1" || last == "expect audit ok", "\(lesson) ends in \(last ?? "nothing")")
        }
    }

    /// A newcomer who runs a script without the `.storekit` catalog beside it is told, in the one
    /// error line, which `--catalog` to pass; a script with no catalog beside it gets the plain line.
    @Test func aScriptRunWithoutTheCatalogBesideItNamesTheCatalogToPass() throws {
        let result = try StoreSimProcess.run(["run", "Scenarios/subscription-crossgrade.scenario"])
        #expect(result.status == 2)
        #expect(result.stderr == "storesim: error: Scenarios/subscription-crossgrade.scenario: line 7: unknown product "
                + "'com.newsstand.digital.monthly'; the catalog beside the script may sell it: "
                + "pass --catalog Scenarios/subscription-crossgrade.storekit\n")
        let folder = try TemporaryFolder()
        let alone = folder.path + "/alone.scenario"
        try "buy com.newsstand.digital.monthly\n".write(toFile: alone, atomically: true, encoding: .utf8)
        let plain = try StoreSimProcess.run(["run", alone])
        #expect(plain.status == 2)
        #expect(plain.stderr == "storesim: error: \(alone): line 1: unknown product 'com.newsstand.digital.monthly'\n")
    }

    @Test(arguments: scripts)
    func scriptPasses(_ name: String) throws {
        let result = try StoreSimProcess.run(["run"] + Self.runArguments(name))
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
