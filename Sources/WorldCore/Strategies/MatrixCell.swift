import IAPCore

/// One cell of the strategy matrix: a real run of one consumable purchase under one strategy,
/// crashed (or the power cut) at one point, or under one fault, then relaunched and audited.
public struct MatrixCell: Sendable, Equatable {
    /// What the audit said after the relaunch.
    public enum Outcome: String, Sendable {
        case recovered
        case lost
        case double
        case notApplicable = "n/a"
        /// Google Play only: nobody acknowledged the purchase within three days of PURCHASED, so
        /// Google Play refunded and revoked it (the audit's `autoRefunded`).
        case autoRefunded = "auto-refunded"
    }

    /// What was done to the purchase: a crash at a point, or a fault followed by a crash.
    public enum Trial: Sendable, Equatable {
        case crash(CrashPoint)
        case powerCut(CrashPoint)
        case fault(MatrixFault)
        /// With App Store Server Notifications V2 on (the StoreKit 2 matrix's notification cells).
        case notified(NotifiedTrial)
        /// A crash at a point, then four days with the app closed, then a launch: past Google
        /// Play's three days; with the Server's notifications on or off (the `--store play` matrix).
        case abandoned(CrashPoint, notified: Bool)

        public var name: String {
            switch self {
            case .crash(let point), .powerCut(let point), .notified(.crash(let point)), .abandoned(let point, _): return point.rawValue
            case .fault(let fault): return fault.rawValue
            case .notified(.serverDownPastRetries(let history)): return history ? "down-4d+history" : "down-4d"
            }
        }

        /// The trial in words, for the list of losses.
        public var label: String { label(on: .appStore) }

        /// The trial's column name in the words of `store`: Google Play's crash points on Google Play.
        public func name(on store: StoreKind) -> String {
            switch self {
            case .crash(let point), .powerCut(let point), .notified(.crash(let point)), .abandoned(let point, _):
                return point.word(on: store)
            case .fault, .notified(.serverDownPastRetries): return name
            }
        }

        /// The trial in words, for the list of losses, in the words of `store`.
        public func label(on store: StoreKind) -> String {
            switch self {
            case .crash(let point): return "crash at \(point.word(on: store))"
            case .powerCut(let point): return "power cut at \(point.word(on: store))"
            case .notified(.crash(let point)): return "with notifications, crash at \(point.word(on: store))"
            case .fault(let fault): return fault.rawValue
            case .notified(.serverDownPastRetries(let history)):
                return "with notifications, server down 4 days" + (history ? ", then server history" : "")
            case .abandoned(let point, let notified):
                return (notified ? "with notifications, " : "") + "crash at \(point.word(on: store)), app closed 4 days"
            }
        }
    }

    /// A trial with notifications on: a crash at a point, or the Server down for four days,
    /// past the Store's last retry, with or without `server history` afterwards.
    public enum NotifiedTrial: Sendable, Equatable {
        case crash(CrashPoint)
        case serverDownPastRetries(history: Bool)
    }

    public let strategy: Strategy
    public let trial: Trial
    public let outcome: Outcome
    /// One line on why the run ended so.
    public let why: String

    public init(strategy: Strategy, trial: Trial, outcome: Outcome, why: String) {
        self.strategy = strategy
        self.trial = trial
        self.outcome = outcome
        self.why = why
    }
}

/// The faults that matter together with a crash: the app's verify never gets its answer, then
/// the app dies before the next launch.
public enum MatrixFault: String, Sendable, CaseIterable {
    case serverDown = "server-down"
    case responseLost = "response-lost"

    package var serverMode: WorldSettings.ServerMode {
        switch self {
        case .serverDown: return .down
        case .responseLost: return .dropResponse
        }
    }
}
