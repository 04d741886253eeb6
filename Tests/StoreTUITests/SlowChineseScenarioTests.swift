import Foundation
import IAPCore
import Lessons
import ScenarioLanguage
import Testing
import TestSupport
@testable import StoreTUI
import WorldCore

/// Every event every shipped scenario and lesson, the App Store's and Google Play's, writes on
/// the timeline is worded in Simplified Chinese, case by case, with the reasons, grants and offers inside it.
@Suite(.tags(.slow)) struct SlowChineseScenarioTests {
    static let scenarios = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Scenarios")

    @Test func everyEventOfEveryShippedScenarioIsTold() throws {
        var typed = 0
        for script in try Self.scripts() {
            let folder = try TemporaryFolder()
            let store = Self.store(of: script)
            let world = try folder.world(catalog: Self.catalog(beside: script), seed: 1, store: store)
            let steps = try ScenarioParser(catalog: world.catalog, store: store).parse(String(contentsOf: script, encoding: .utf8),
                                                                                       file: script.lastPathComponent)
            try ScenarioRunner(world: world) { _ in }.run(steps, file: script.lastPathComponent)
            for event in try EventLog.readAll(path: world.directory.events) {
                if case .legacy = event.what { continue }
                typed += 1
                let words = SimplifiedChinese.words(event.what)
                // Only what the user typed stays as written: the scenario language's own words.
                if words == event.text, case .user = event.what {} else {
                    #expect(words != event.text, "\(event.text) is not worded in Chinese")
                }
            }
        }
        #expect(typed > 1000, "the scenarios write many typed events: \(typed)")
    }

    /// The catalog a script runs with: the Xcode file beside it where there is one (as the
    /// suite that runs the scripts through the binary passes it), else the built-in one.
    static func catalog(beside script: URL) throws -> Catalog {
        let storeKitFile = script.deletingPathExtension().appendingPathExtension("storekit")
        guard FileManager.default.fileExists(atPath: storeKitFile.path) else { return BuiltInCatalog.catalog() }
        return try CatalogParser.load(path: storeKitFile.path)
    }

    /// The store a script's world sells on: Google Play for a script of `Scenarios/play/` and
    /// a lesson on Google Play.
    static func store(of script: URL) -> StoreKind {
        let lesson = Lesson.all.first { $0.file == script.lastPathComponent }
        return script.deletingLastPathComponent().lastPathComponent == "play" || lesson?.store == .play ? .play : .appStore
    }

    static func scripts() throws -> [URL] {
        try ["", "lessons/", "play/"].flatMap { folder in
            let url = scenarios.appendingPathComponent(folder)
            return try FileManager.default.contentsOfDirectory(atPath: url.path).filter { $0.hasSuffix(".scenario") }.sorted()
                .map { url.appendingPathComponent($0) }
        }
    }
}
