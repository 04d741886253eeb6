import Drivers
import Foundation
import Glibc
import IAPCore
import ReadSide
import ScenarioLanguage
import WorldCore

/// The strategy matrix from real processes: each cell's purchase runs in `storesim run
/// --real-crash`, which dies by SIGKILL; a second process relaunches; a third audits.
enum RealCrashMatrix {
    static func run(api: StoreKitAPI, unsafeCache: Bool) throws(CLIError) -> StrategyMatrix {
        var cells: [MatrixCell] = []
        for strategy in Strategy.allCases {
            for trial in StrategyMatrix.trials {
                cells.append(try runCell(strategy: strategy, trial: trial, api: api, unsafeCache: unsafeCache))
            }
        }
        return StrategyMatrix(cells: cells, unsafeCache: unsafeCache, api: api)
    }

    private static func runCell(strategy: Strategy, trial: MatrixCell.Trial, api: StoreKitAPI,
                                unsafeCache: Bool) throws(CLIError) -> MatrixCell {
        try Options.inDataDirectory(nil) { directory throws(CLIError) in
            try runCell(strategy: strategy, trial: trial, api: api, unsafeCache: unsafeCache, in: directory)
        }
    }

    /// A cell played in a fresh `directory`: the dying run, the relaunch, the audit.
    private static func runCell(strategy: Strategy, trial: MatrixCell.Trial, api: StoreKitAPI, unsafeCache: Bool,
                                in directory: DataDirectory) throws(CLIError) -> MatrixCell {
        let phases = StrategyMatrix.script(strategy: strategy, trial: trial, api: api)
        let dying = phases.flatMap { $0.map(\.scriptLine) + ["wait"] }
        let afterCrash = phases.last.map { phase in phase.drop { $0 != .crash }.dropFirst().map(\.scriptLine) } ?? []
        let relaunch = afterCrash + (afterCrash.isEmpty ? [] : ["quit", "launch"]) + ["wait"]
        let flags = unsafeCache ? ["--unsafe-cache"] : []
        let first = try runSelf(["run", "--real-crash", "--data-dir", directory.path] + flags, script: dying, in: directory)
        guard first.killed else {
            return MatrixCell(strategy: strategy, trial: trial, outcome: .notApplicable,
                              why: StrategyMatrix.notReached(strategy, trial))
        }
        _ = try runSelf(["run", "--data-dir", directory.path] + flags, script: relaunch, in: directory)
        let audit = try runSelf(["audit", "--json", "--data-dir", directory.path], script: nil, in: directory)
        let figures = (try? JSONSerialization.jsonObject(with: Data(audit.output.utf8))) as? [String: Any] ?? [:]
        guard let lost = figures["lost"] as? Int, let double = figures["doubleCredited"] as? Int else {
            throw .input("matrix cell \(strategy.rawValue) × \(trial.label): no audit: \(audit.output)")
        }
        if lost > 0 {
            return MatrixCell(strategy: strategy, trial: trial, outcome: .lost,
                              why: LossCause(strategy: strategy, trial: trial).english)
        }
        if double > 0 {
            return MatrixCell(strategy: strategy, trial: trial, outcome: .double, why: "the Server credited the same transaction twice")
        }
        return MatrixCell(strategy: strategy, trial: trial, outcome: .recovered,
                          why: "recovered by a new process after a real SIGKILL")
    }

    /// Runs this binary with a script written to a file; says whether SIGKILL ended it.
    private static func runSelf(_ arguments: [String], script: [String]?, in directory: DataDirectory)
        throws(CLIError) -> (killed: Bool, output: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
        var arguments = arguments
        if let script {
            let path = directory.path + "/cell-\(UUID().uuidString).scenario"
            guard FileManager.default.createFile(atPath: path, contents: Data((script.joined(separator: "\n") + "\n").utf8)) else {
                throw .input("\(path): cannot write the cell's script")
            }
            arguments.append(path)
        }
        process.arguments = arguments
        let output = directory.path + "/cell-output-\(UUID().uuidString)"
        _ = FileManager.default.createFile(atPath: output, contents: nil)
        do {
            process.standardOutput = try FileHandle(forWritingTo: URL(fileURLWithPath: output))
            process.standardError = FileHandle.nullDevice
            try process.run()
        } catch {
            throw .input("cannot run \(process.executableURL?.path ?? "storesim"): \(error.localizedDescription)")
        }
        process.waitUntilExit()
        let killed = process.terminationReason == .uncaughtSignal && process.terminationStatus == SIGKILL
        return (killed, (try? String(contentsOfFile: output, encoding: .utf8)) ?? "")
    }
}
