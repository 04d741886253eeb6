import Foundation
import IAPCore
import Simulator
import Testing
import TestSupport
@testable import StoreTUI

/// Every event every shipped scenario and lesson writes on the timeline, and every line of
/// their reports, is told in Simplified Chinese: a sentence added to the simulation without its
/// template in the table fails here.
@Suite(.tags(.slow)) struct SlowChineseScenarioTests {
    static let scenarios = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Scenarios")

    @Test func everyEventOfEveryShippedScenarioIsTold() throws {
        var texts: Set<String> = []
        for script in try Self.scripts() {
            let folder = try TemporaryFolder()
            let world = try folder.world(catalog: Self.catalog(beside: script), seed: 1)
            let steps = try ScenarioParser(catalog: world.catalog).parse(String(contentsOf: script, encoding: .utf8),
                                                                         file: script.lastPathComponent)
            try ScenarioRunner(world: world) { _ in }.run(steps, file: script.lastPathComponent)
            // A crash is worded by its case alone: its sentences have left the tables.
            for event in try EventLog.readAll(path: world.directory.events) {
                if case .crash = event.what { continue }
                texts.formUnion(event.kind == .report ? event.text.split(separator: "\n").map(String.init) : [event.text])
            }
        }
        #expect(texts.count > 150, "the scenarios write many kinds of text: \(texts.count)")
        for text in texts.sorted() {
            #expect(ChineseSentencesTests.untold(text).isEmpty, "\(text): untold \(ChineseSentencesTests.untold(text))")
        }
    }

    /// The catalog a script runs with: the Xcode file beside it where there is one (as the
    /// suite that runs the scripts through the binary passes it), else the built-in one.
    static func catalog(beside script: URL) throws -> Catalog {
        let storeKitFile = script.deletingPathExtension().appendingPathExtension("storekit")
        guard FileManager.default.fileExists(atPath: storeKitFile.path) else { return BuiltInCatalog.catalog() }
        return try CatalogParser.load(path: storeKitFile.path)
    }

    static func scripts() throws -> [URL] {
        try ["", "lessons/"].flatMap { folder in
            let url = scenarios.appendingPathComponent(folder)
            return try FileManager.default.contentsOfDirectory(atPath: url.path).filter { $0.hasSuffix(".scenario") }.sorted()
                .map { url.appendingPathComponent($0) }
        }
    }
}
