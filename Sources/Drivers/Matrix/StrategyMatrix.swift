import Foundation
import IAPClient
import IAPCore
import ReadSide
import ScenarioLanguage
import WorldCore

/// Runs every strategy against every crash point and fault, each in a fresh world, and reads
/// each outcome from the audit: the table behind the training story.
public struct StrategyMatrix: Sendable {
    public let cells: [MatrixCell]

    static let product = "com.storesim.coins.100"

    /// Every trial, in table order: crashes at each point, the faults, power cuts at each point.
    public static let trials = CrashPoint.allCases.map(MatrixCell.Trial.crash) + MatrixFault.allCases.map(MatrixCell.Trial.fault)
        + CrashPoint.allCases.map(MatrixCell.Trial.powerCut)

    /// The notification cells' trials (StoreKit 2): each crash point, then the Server down past the last retry.
    public static let notifiedTrials = CrashPoint.allCases.map { MatrixCell.Trial.notified(.crash($0)) }
        + [.notified(.serverDownPastRetries(history: false)), .notified(.serverDownPastRetries(history: true))]

    /// Whether the app's cache skipped fsync in these runs.
    public let unsafeCache: Bool
    /// The StoreKit generation the app used in these runs.
    public let api: StoreKitAPI

    public init(cells: [MatrixCell], unsafeCache: Bool, api: StoreKitAPI = .storekit1) {
        self.cells = cells
        self.unsafeCache = unsafeCache
        self.api = api
    }

    /// Runs all cells, one fresh temporary world each.
    public static func run(catalog: Catalog, api: StoreKitAPI = .storekit1, unsafeCache: Bool = false) throws(WorldError) -> StrategyMatrix {
        var cells: [MatrixCell] = []
        let all = api == .storekit2 ? trials + notifiedTrials : trials
        for strategy in Strategy.allCases {
            for trial in all {
                cells.append(try runCell(strategy: strategy, trial: trial, api: api, catalog: catalog, unsafeCache: unsafeCache))
            }
        }
        return StrategyMatrix(cells: cells, unsafeCache: unsafeCache, api: api)
    }

    /// The script of one cell: the purchase under the trial, after switching to the API when it
    /// is not the default; `launch` follows when the app died.
    public static func script(strategy: Strategy, trial: MatrixCell.Trial, api: StoreKitAPI = .storekit1) -> [[ScenarioCommand]] {
        var phases: [[ScenarioCommand]] = [[.strategy(strategy)] + (api == .storekit1 ? [] : [.api(api)])]
        switch trial {
        case .crash(let point):
            phases.append([.crashAt(point), .buy(productId: product, answer: .confirm)])
        case .powerCut(let point):
            phases.append([.powerCutAt(point), .buy(productId: product, answer: .confirm)])
        case .fault(let fault):
            phases.append([.server(fault.serverMode), .buy(productId: product, answer: .confirm)])
            phases.append([.crash, .server(.up)])
        case .notified(.crash(let point)):
            phases[0].append(.serverNotifications(on: true))
            phases.append([.crashAt(point), .buy(productId: product, answer: .confirm)])
        case .notified(.serverDownPastRetries):
            phases[0].append(.serverNotifications(on: true))
            phases.append([.server(.down), .buy(productId: product, answer: .confirm)])
            phases.append([.crash, .advance(seconds: 4 * 86_400), .server(.up)])
        case .abandoned(let point, let notified):
            if notified { phases[0].append(.serverNotifications(on: true)) }
            phases.append([.crashAt(point), .buy(productId: product, answer: .confirm)])
            phases.append([.advance(seconds: 4 * 86_400)])
        }
        return phases
    }

    /// What one cell's run left after the relaunch: the audit, what it read, what the launch recovered.
    struct CellRun {
        let audit: Audit
        let snapshot: WorldSnapshot
        let report: RecoveryReport?
    }

    /// One cell: buy under the trial, relaunch, audit.
    static func runCell(strategy: Strategy, trial: MatrixCell.Trial, api: StoreKitAPI, catalog: Catalog,
                        unsafeCache: Bool) throws(WorldError) -> MatrixCell {
        guard let run = try perform(strategy: strategy, trial: trial, api: api, catalog: catalog, unsafeCache: unsafeCache) else {
            let why = trial == .notified(.crash(.serverCommitted)) || trial == .abandoned(.serverCommitted, notified: true)
                ? "the notification credited it first: the app's verify found it already credited, and no new credit passed server-committed"
                : notReached(strategy, trial)
            return MatrixCell(strategy: strategy, trial: trial, outcome: .notApplicable, why: why)
        }
        switch trial {
        case .notified, .abandoned(_, notified: true):
            return notifiedCell(strategy: strategy, trial: trial, audit: run.audit, snapshot: run.snapshot, report: run.report)
        default:
            return MatrixCell(strategy: strategy, trial: trial, outcome: outcome(run.audit),
                              why: why(run.audit, strategy: strategy, trial: trial, report: run.report))
        }
    }

    /// Runs one cell's script in a fresh world that sells on `store`: the purchase under the
    /// trial, then the relaunch; nil when the app never died (the armed point was never reached).
    static func perform(strategy: Strategy, trial: MatrixCell.Trial, api: StoreKitAPI, catalog: Catalog, unsafeCache: Bool,
                        store: StoreKind = .appStore) throws(WorldError) -> CellRun? {
        let directory = try DataDirectory.temporary()
        defer { directory.removeTemporary() }
        let world = try World(directory: directory, catalog: catalog, seed: 1, unsafeCache: unsafeCache,
                              store: store == .appStore ? nil : store)
        let phases = script(strategy: strategy, trial: trial, api: api)
        try world.launch()
        do {
            for phase in phases {
                for step in phase {
                    try world.performInTurn(step)
                }
                try world.settle()
            }
            if world.appStatus.isRunning { return nil }
            try world.perform(.launch)
            if trial == .notified(.serverDownPastRetries(history: true)) {
                try world.performInTurn(.serverHistory)
            }
        } catch let error as WorldError {
            throw error
        } catch WorldActionError.failed(let error) {
            throw error
        } catch {
            throw .file(path: directory.path, problem: "matrix cell \(strategy.rawValue) × \(trial.name): \(error)")
        }
        let snapshot = try ReadModel(world).snapshot()
        return CellRun(audit: snapshot.audit(catalog: catalog), snapshot: snapshot, report: world.lastRecoveryReport)
    }

    /// A notification cell: the purchase counts as recovered only once it is credited; one
    /// that only the notification history could still bring is `lost` in the table until the
    /// Server asks, and its `why` says that the audit counts it recoverable.
    private static func notifiedCell(strategy: Strategy, trial: MatrixCell.Trial, audit: Audit, snapshot: WorldSnapshot,
                                     report: RecoveryReport?) -> MatrixCell {
        if audit.doubleCredited > 0 { return MatrixCell(strategy: strategy, trial: trial, outcome: .double, why: "the Server credited the same transaction twice") }
        if audit.credited < audit.paid {
            let why = audit.uncredited.contains { $0.routes == [.notification] }
                ? "not credited: every retry came while the Server was down and the app had finished it; the audit counts it recoverable, not lost, because server history (Get Notification History) can still bring it"
                : LossCause(strategy: strategy, trial: trial).english
            return MatrixCell(strategy: strategy, trial: trial, outcome: .lost, why: why)
        }
        let fromNotification = !snapshot.ledger.notifications.isEmpty && report?.items.first?.outcome != .creditedNow
        let why = trial == .notified(.serverDownPastRetries(history: true)) && fromNotification
            ? "every retry missed; server history brought the ONE_TIME_CHARGE notification and the Server credited it"
            : fromNotification ? "the Server credited it from the ONE_TIME_CHARGE notification, without the app"
            : why(audit, strategy: strategy, trial: trial, report: report)
        return MatrixCell(strategy: strategy, trial: trial, outcome: .recovered, why: why)
    }

    /// Why a cell is n/a: the strategy's flow never reaches the trial's point. Under
    /// server-finishes the app never finishes at all: the Server does, once it has credited.
    public static func notReached(_ strategy: Strategy, _ trial: MatrixCell.Trial) -> String {
        strategy.serverFinishes && trial.name == CrashPoint.finished.rawValue
            ? "the app never finishes under this strategy: the Server calls Finish Transaction after crediting"
            : "this strategy's flow never reaches \(trial.name)"
    }

    private static func outcome(_ audit: Audit) -> MatrixCell.Outcome {
        if audit.lost > 0 { return .lost }
        if audit.doubleCredited > 0 { return .double }
        return .recovered
    }

    private static func why(_ audit: Audit, strategy: Strategy, trial: MatrixCell.Trial,
                            report: RecoveryReport?) -> String {
        if audit.lost > 0 {
            return LossCause(strategy: strategy, trial: trial).english
        }
        if audit.doubleCredited > 0 {
            return "the Server credited the same transaction twice"
        }
        // Under server-finishes a purchase the relaunch finds nowhere was finished by the Server's
        // call; one it finds still in the queue is one whose call was lost, made again now.
        guard let item = report?.items.first else {
            return strategy.serverFinishes ? "credited before the crash, and the Server finished it: nothing left to recover"
                : "credited before the crash; nothing left to recover"
        }
        let found = "found in the \(item.source.rawValue)"
        switch item.outcome {
        case .alreadyCredited where strategy.serverFinishes:
            return "credited before the crash, its Finish Transaction call lost; \(found), "
                + "the Server suppressed the duplicate and called Finish Transaction again"
        case .alreadyCredited: return "credited before the crash; \(found), the Server suppressed the duplicate"
        case .creditedNow: return "\(found) and credited on the relaunch"
        case .stillPending(let reason): return "\(found), still pending: \(reason.english)"
        case .rejected(let reason): return "\(found), rejected: \(reason.english)"
        case nil: return "\(found), no answer yet"
        }
    }
}
