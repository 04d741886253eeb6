import Foundation
import Lessons
import Testing
import TestSupport

/// Every script in `Scenarios/` and `Scenarios/lessons/` passes through the built binary; a
/// script with a `.storekit` file of the same name beside it runs with that file as its catalog.
/// The scripts in `Scenarios/play/` run in a world that sells on Google Play (`--store play`).
@Suite struct ScenarioFilesTests {
    static var scripts: [String] {
        scripts(in: "") + lessons
    }

    /// The scripts of Google Play worlds, as paths under `Scenarios/`.
    static var playScripts: [String] {
        scripts(in: "play/")
    }

    /// Every script, the App Store's and Google Play's.
    static var allScripts: [String] {
        scripts + playScripts
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

    /// What follows `run` (and its `--data-dir`) for the script `name`: `--store play` for a
    /// script of `Scenarios/play/` and a lesson on Google Play, `--catalog` with the `.storekit` file of the same name when
    /// there is one beside it, then the script.
    static func runArguments(_ name: String) -> [String] {
        let catalog = "Scenarios/" + name.replacingOccurrences(of: ".scenario", with: ".storekit")
        let hasCatalog = FileManager.default.fileExists(atPath: StoreSimProcess.projectRoot.appendingPathComponent(catalog).path)
        let lesson = Lesson.all.first { "lessons/" + $0.file == name }
        let store = name.hasPrefix("play/") || lesson?.store == .play ? ["--store", "play"] : []
        return store + (hasCatalog ? ["--catalog", catalog] : []) + ["Scenarios/\(name)"]
    }

    @Test func thereAreTheTenGooglePlayScripts() {
        #expect(Self.playScripts.count >= 10)
    }

    @Test func thereAreAtLeastSixteenScripts() {
        #expect(Self.scripts.count >= 16)
    }

    @Test func eachLessonEndsInTheExpectThatStatesIt() throws {
        #expect(Self.lessons.count == Lesson.all.count && Lesson.all.count == 5)
        for lesson in Self.lessons {
            let text = try String(contentsOf: StoreSimProcess.projectRoot.appendingPathComponent("Scenarios/\(lesson)"), encoding: .utf8)
            let last = text.split(separator: "\n").last { !$0.hasPrefix("#") && !$0.isEmpty }
            #expect(["expect lost 1", "expect audit ok", "expect auto-refunded 1"].contains(last), "\(lesson) ends in \(last ?? "nothing")")
        }
    }

    /// The built-in catalog's products, as an unknown product's error lists them.
    static let builtInProducts = "com.storesim.coins.100, com.storesim.coins.550, com.storesim.pro, com.storesim.premium.monthly, com.storesim.premium.yearly, com.storesim.season"

    /// A newcomer who runs a script without the `.storekit` catalog beside it is told, in the one
    /// error line, which `--catalog` to pass; a script with no catalog beside it gets the plain line.
    @Test func aScriptRunWithoutTheCatalogBesideItNamesTheCatalogToPass() throws {
        let result = try StoreSimProcess.run(["run", "Scenarios/subscription-crossgrade.scenario"])
        #expect(result.status == 2)
        #expect(result.stderr == "storesim: error: Scenarios/subscription-crossgrade.scenario: line 7: unknown product "
                + "'com.newsstand.digital.monthly'; expected one of: \(Self.builtInProducts); the catalog beside the script may sell it: "
                + "pass --catalog Scenarios/subscription-crossgrade.storekit\n")
        let folder = try TemporaryFolder()
        let alone = folder.path + "/alone.scenario"
        try "buy com.newsstand.digital.monthly\n".write(toFile: alone, atomically: true, encoding: .utf8)
        let plain = try StoreSimProcess.run(["run", alone])
        #expect(plain.status == 2)
        #expect(plain.stderr == "storesim: error: \(alone): line 1: unknown product 'com.newsstand.digital.monthly'; expected one of: \(Self.builtInProducts)\n")
        // The hint is for an unknown product only, decided by the error's kind, not its words.
        let beside = folder.path + "/beside.scenario"
        try FileManager.default.copyItem(atPath: "Scenarios/subscription-crossgrade.storekit", toPath: folder.path + "/beside.storekit")
        try "buy com.storesim.pro maybe\n".write(toFile: beside, atomically: true, encoding: .utf8)
        let other = try StoreSimProcess.run(["run", beside])
        #expect(other.status == 2)
        #expect(!other.stderr.contains("the catalog beside the script"), "\(other.stderr)")
        try "buy com.newsstand.digital.monthly\n".write(toFile: beside, atomically: true, encoding: .utf8)
        #expect(try StoreSimProcess.run(["run", beside]).stderr.hasSuffix("pass --catalog \(folder.path)/beside.storekit\n"))
    }

    @Test(arguments: allScripts)
    func scriptPasses(_ name: String) throws {
        let result = try StoreSimProcess.run(["run"] + Self.runArguments(name))
        #expect(result.status == 0, "\(name) failed:\n\(result.stdout)\n\(result.stderr)")
        #expect(result.stdout.contains("0 failed"))
        #expect(result.stderr.isEmpty)
    }

    /// The example scripts the project promises to keep passing (docs/reference/scenario-language.md):
    /// they live here, in `Scenarios/`, and `scriptPasses` runs each.
    static let promisedExamples = [
        "ask-to-buy.scenario", "crash-after-cache.scenario", "response-lost.scenario", "seed-one-window.scenario",
    ]

    /// A folder holding an outside copy of the promised examples, named by `$STORESIM_EXAMPLES_DIR`;
    /// nil when none is given.
    static var outsideExamples: URL? {
        ProcessInfo.processInfo.environment["STORESIM_EXAMPLES_DIR"].map { URL(fileURLWithPath: $0) }
    }

    @Test func thePromisedExamplesAreInTheRepository() {
        for name in Self.promisedExamples {
            #expect(Self.scripts.contains(name), "Scenarios/\(name) is promised to keep passing and must be here")
        }
    }

    /// CI may compare the examples with an outside copy; without one this test is skipped, never failed.
    @Test(.enabled(if: outsideExamples != nil, "no outside copy named by STORESIM_EXAMPLES_DIR"))
    func thePromisedExamplesMatchTheOutsideCopy() throws {
        let outside = try #require(Self.outsideExamples)
        let names = try FileManager.default.contentsOfDirectory(atPath: outside.path).filter { $0.hasSuffix(".scenario") }
        #expect(!names.isEmpty, "\(outside.path) holds no example scripts")
        for name in names {
            let original = try String(contentsOf: outside.appendingPathComponent(name), encoding: .utf8)
            let ours = try? String(contentsOf: StoreSimProcess.projectRoot.appendingPathComponent("Scenarios/\(name)"), encoding: .utf8)
            #expect(original == ours, "Scenarios/\(name) differs from the copy in \(outside.path)")
        }
    }
}
