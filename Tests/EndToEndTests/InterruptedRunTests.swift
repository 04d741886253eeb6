import Foundation
import Glibc
import Testing
import TestSupport

/// `run` without `--data-dir` plays in a fresh temporary world that it removes at the end; a run
/// stopped by Ctrl-C (SIGINT), `kill` (SIGTERM) or a closed terminal (SIGHUP) removes it too, and
/// still dies of the signal, as a shell expects.
@Suite struct InterruptedRunTests {
    @Test(arguments: [SIGINT, SIGTERM, SIGHUP])
    func anInterruptedRunLeavesNoTemporaryWorld(_ number: Int32) throws {
        let folder = try TemporaryFolder()
        let temporaries = folder.path + "/tmp"
        try FileManager.default.createDirectory(atPath: temporaries, withIntermediateDirectories: true)
        let script = try folder.write("long.scenario", "buy com.storesim.premium.monthly\nadvance 36500d\n")
        let process = Process()
        process.executableURL = URL(fileURLWithPath: StoreSimProcess.binary)
        process.arguments = ["run", script]
        process.environment = ProcessInfo.processInfo.environment.merging(["TMPDIR": temporaries]) { $1 }
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        let ended = DispatchSemaphore(value: 0)
        process.terminationHandler = { _ in ended.signal() }
        try process.run()
        let world = { try? FileManager.default.contentsOfDirectory(atPath: temporaries).first { $0.hasPrefix("storesim-run-") } }
        let deadline = Date().addingTimeInterval(60)
        while world() == nil || !FileManager.default.fileExists(atPath: temporaries + "/" + (world() ?? "") + "/events.log"),
              Date() < deadline, process.isRunning {
            usleep(20_000)
        }
        #expect(process.isRunning, "the run was still going when the signal came")
        kill(process.processIdentifier, number)
        if ended.wait(timeout: .now() + 60) == .timedOut { kill(process.processIdentifier, SIGKILL) }
        process.waitUntilExit()
        #expect(process.terminationReason == .uncaughtSignal && process.terminationStatus == number,
                "\(process.terminationReason) \(process.terminationStatus)")
        let left = try FileManager.default.subpathsOfDirectory(atPath: temporaries)
        #expect(left == [], "left behind: \(left)")
    }
}
