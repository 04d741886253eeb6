import Foundation
import Glibc
import TestSupport

/// Runs the built `storesim` binary and captures what it printed and how it ended.
struct StoreSimProcess {
    struct Result {
        let status: Int32
        let killedBySignal: Int32?
        let stdout: String
        let stderr: String
    }

    /// The binary beside this test bundle (SwiftPM builds both into the same folder).
    static var binary: String {
        let executable = (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? CommandLine.arguments[0]
        var folder = URL(fileURLWithPath: executable).deletingLastPathComponent()
        if folder.lastPathComponent.hasSuffix(".xctest") { folder.deleteLastPathComponent() }
        return folder.appendingPathComponent("storesim").path
    }

    /// The project's root folder.
    static var projectRoot: URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    }

    /// Runs `executable` (the storesim binary unless given, such as a shell that sets a limit
    /// first) with `arguments` and waits for it; after `timeout` seconds it is killed (SIGKILL),
    /// which the result shows as `killedBySignal`.
    static func run(_ arguments: [String], environment: [String: String] = [:], in directory: URL? = nil,
                    executable: String = binary, timeout: TimeInterval = 600) throws -> Result {
        let scratch = try TemporaryFolder()
        let out = scratch.url.appendingPathComponent("stdout")
        let err = scratch.url.appendingPathComponent("stderr")
        _ = FileManager.default.createFile(atPath: out.path, contents: nil)
        _ = FileManager.default.createFile(atPath: err.path, contents: nil)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        process.currentDirectoryURL = directory ?? projectRoot
        var env = ProcessInfo.processInfo.environment
        env.removeValue(forKey: "STORESIM_DATA_DIR")
        env.merge(environment) { $1 }
        process.environment = env
        process.standardOutput = try FileHandle(forWritingTo: out)
        process.standardError = try FileHandle(forWritingTo: err)
        process.standardInput = FileHandle.nullDevice
        let ended = DispatchSemaphore(value: 0)
        process.terminationHandler = { _ in ended.signal() }
        try process.run()
        if ended.wait(timeout: .now() + timeout) == .timedOut {
            kill(process.processIdentifier, SIGKILL)
        }
        process.waitUntilExit()
        let signal = process.terminationReason == .uncaughtSignal ? process.terminationStatus : nil
        return Result(status: process.terminationStatus, killedBySignal: signal,
                      stdout: (try? String(contentsOf: out, encoding: .utf8)) ?? "",
                      stderr: (try? String(contentsOf: err, encoding: .utf8)) ?? "")
    }
}
