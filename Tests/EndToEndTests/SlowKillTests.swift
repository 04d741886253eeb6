import Foundation
import Testing
import TestSupport

/// Real SIGKILLs at random instants of `storesim run` (Scripts/kill-test.sh): under the
/// recommended strategy every relaunch recovers, and at the end nothing is lost or doubled.
@Suite(.tags(.slow)) struct SlowKillTests {
    @Test func fiftyRandomKillsLoseNothing() throws {
        let script = StoreSimProcess.projectRoot.appendingPathComponent("Scripts/kill-test.sh").path
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["bash", script, "50", "verify-then-finish"]
        process.environment = ProcessInfo.processInfo.environment.merging(["STORESIM": StoreSimProcess.binary]) { $1 }
        let folder = try TemporaryFolder()
        let log = folder.url.appendingPathComponent("kill-test.log")
        _ = FileManager.default.createFile(atPath: log.path, contents: nil)
        let handle = try FileHandle(forWritingTo: log)
        process.standardOutput = handle
        process.standardError = handle
        try process.run()
        process.waitUntilExit()
        let output = try String(contentsOf: log, encoding: .utf8)
        #expect(process.terminationStatus == 0, "\(output)")
        #expect(output.contains("kill-test: passed"))
        let killed = output.split(separator: "\n").first { $0.hasPrefix("kill-test: 50 runs") }
            .flatMap { $0.split(separator: ",").dropFirst().first }
            .flatMap { Int($0.trimmingCharacters(in: .whitespaces).split(separator: " ").first ?? "") } ?? 0
        #expect(killed >= 35, "most runs must die mid-run, not after finishing: \(output)")
        #expect(output.contains("\"lost\": 0"))
        #expect(output.contains("\"doubleCredited\": 0"))
    }
}
