import Foundation
import IAPClient
import IAPCore

/// Runs every strategy against every crash point and fault, each in a fresh world, and reads
/// each outcome from the audit: the table behind the training story.
public struct StrategyMatrix: Sendable {
    public let cells: [MatrixCell]

    static let product = "com.storesim.coins.100"

    /// Every trial, in table order: crashes at each point, the faults, power cuts at each point.
    public static let trials = CrashPoint.allCases.map(MatrixCell.Trial.crash) + MatrixFault.allCases.map(MatrixCell.Trial.fault)
        + CrashPoint.allCases.map(MatrixCell.Trial.powerCut)

    /// Whether the app's cache skipped fsync in these runs.
    public let unsafeCache: Bool

    public init(cells: [MatrixCell], unsafeCache: Bool) {
        self.cells = cells
        self.unsafeCache = unsafeCache
    }

    /// Runs all cells, one fresh temporary world each.
    public static func run(catalog: Catalog, unsafeCache: Bool = false) throws(WorldError) -> StrategyMatrix {
        var cells: [MatrixCell] = []
        for strategy in Strategy.allCases {
            for trial in trials {
                cells.append(try runCell(strategy: strategy, trial: trial, catalog: catalog, unsafeCache: unsafeCache))
            }
        }
        return StrategyMatrix(cells: cells, unsafeCache: unsafeCache)
    }

    /// The script of one cell: the purchase under the trial; `launch` follows when the app died.
    public static func script(strategy: Strategy, trial: MatrixCell.Trial) -> [[ScenarioCommand]] {
        var phases: [[ScenarioCommand]] = [[.strategy(strategy)]]
        switch trial {
        case .crash(let point):
            phases.append([.crashAt(point), .buy(productId: product, answer: .confirm)])
        case .powerCut(let point):
            phases.append([.powerCutAt(point), .buy(productId: product, answer: .confirm)])
        case .fault(let fault):
            phases.append([.server(fault.serverMode), .buy(productId: product, answer: .confirm)])
            phases.append([.crash, .server(.up)])
        }
        return phases
    }

    /// One cell: buy under the trial, relaunch, audit.
    static func runCell(strategy: Strategy, trial: MatrixCell.Trial, catalog: Catalog,
                        unsafeCache: Bool) throws(WorldError) -> MatrixCell {
        let directory = try DataDirectory.temporary()
        defer { try? FileManager.default.removeItem(atPath: directory.path) }
        let world = try World(directory: directory, catalog: catalog, seed: 1, unsafeCache: unsafeCache)
        let phases = script(strategy: strategy, trial: trial)
        try world.launch()
        do {
            for phase in phases {
                for step in phase {
                    try world.performInTurn(step)
                }
                try world.settle()
            }
            if world.appStatus.isRunning {
                return MatrixCell(strategy: strategy, trial: trial, outcome: .notApplicable,
                                  why: "this strategy's flow never reaches \(trial.name)")
            }
            try world.perform(.launch)
        } catch let error as WorldError {
            throw error
        } catch WorldActionError.failed(let error) {
            throw error
        } catch {
            throw .file(path: directory.path, problem: "matrix cell \(strategy.rawValue) × \(trial.name): \(error)")
        }
        let audit = try world.snapshot().audit(catalog: catalog)
        return MatrixCell(strategy: strategy, trial: trial, outcome: outcome(audit),
                          why: why(audit, strategy: strategy, trial: trial, report: world.lastRecoveryReport))
    }

    private static func outcome(_ audit: Audit) -> MatrixCell.Outcome {
        if audit.lost > 0 { return .lost }
        if audit.doubleCredited > 0 { return .double }
        return .recovered
    }

    /// Why a purchase under this strategy and trial was lost, in one line.
    public static func lossExplanation(strategy: Strategy, trial: MatrixCell.Trial) -> String {
        let when: String
        switch trial {
        case .fault(let fault):
            when = "finished at once, the verify got no answer (\(fault.rawValue)) and no cache kept the receipt"
        case .powerCut(let point) where strategy.usesCache && point != .finished:
            when = "finished before the receipt was on the disk (the power cut took the unsynced cache write)"
        case .crash, .powerCut:
            when = strategy.usesCache ? "finished before the receipt was saved" : "finished before the Server credited it, with no cache"
        }
        return "\(when); the Store will not redeliver it"
    }

    /// Which strategies would have saved a purchase lost by finishing it before the Server
    /// credited it, and why, in one line.
    public static let rescueExplanation = Strategy.allCases.filter { !$0.finishesAtOnce }.map(\.rawValue)
        .joined(separator: " or ") + " would have saved it: they finish only after the Server credits, so the Store redelivers it until then"

    private static func why(_ audit: Audit, strategy: Strategy, trial: MatrixCell.Trial,
                            report: RecoveryReport?) -> String {
        if audit.lost > 0 {
            return lossExplanation(strategy: strategy, trial: trial)
        }
        if audit.doubleCredited > 0 {
            return "the Server credited the same transaction twice"
        }
        guard let item = report?.items.first else { return "credited before the crash; nothing left to recover" }
        let found = "found in the \(item.source.rawValue)"
        switch item.outcome {
        case .alreadyCredited: return "credited before the crash; \(found), the Server suppressed the duplicate"
        case .creditedNow: return "\(found) and credited on the relaunch"
        case .stillPending(let reason): return "\(found), still pending: \(reason)"
        case .rejected(let reason): return "\(found), rejected: \(reason)"
        case nil: return "\(found), no answer yet"
        }
    }
}
