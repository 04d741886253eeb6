import Foundation
import Testing
import TestSupport

/// Real SIGKILLs at random instants of `storesim run` (Scripts/kill-test.sh): under the
/// recommended strategy every run dies of its SIGKILL or finishes cleanly, every relaunch
/// recovers, and at the end nothing is lost or doubled. How many kills land mid-run follows the
/// machine's load and is not asserted.
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
        let summary = output.split(separator: "\n").first { $0.hasPrefix("kill-test: 50 runs") } ?? ""
        let ends = Self.count("killed mid-run", in: summary) + Self.count("finished before the kill", in: summary)
        #expect(ends == 50, "every run died of the SIGKILL or finished with status 0: \(summary)")
        #expect(output.contains("\"lost\": 0"))
        #expect(output.contains("\"doubleCredited\": 0"))
        #expect(output.contains("\"ok\": true"))
    }

    /// The number before `label` in the kill test's summary line (`…, 41 killed mid-run, …`).
    private static func count(_ label: String, in summary: Substring) -> Int {
        summary.split(separator: ",")
            .map { $0.trimmingCharacters(in: .whitespaces) }
            .first { $0.hasSuffix(label) }
            .flatMap { Int($0.split(separator: " ").first ?? "") } ?? 0
    }
}
