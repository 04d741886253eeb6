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
    }

    /// What was done to the purchase: a crash at a point, or a fault followed by a crash.
    public enum Trial: Sendable, Equatable {
        case crash(CrashPoint)
        case powerCut(CrashPoint)
        case fault(MatrixFault)
        /// With App Store Server Notifications V2 on (the StoreKit 2 matrix's notification cells).
        case notified(NotifiedTrial)

        public var name: String {
            switch self {
            case .crash(let point), .powerCut(let point), .notified(.crash(let point)): return point.rawValue
            case .fault(let fault): return fault.rawValue
            case .notified(.serverDownPastRetries(let history)): return history ? "down-4d+history" : "down-4d"
            }
        }

        /// The trial in words, for the list of losses.
        public var label: String {
            switch self {
            case .crash(let point): return "crash at \(point.rawValue)"
            case .powerCut(let point): return "power cut at \(point.rawValue)"
            case .fault(let fault): return fault.rawValue
            case .notified(.crash(let point)): return "with notifications, crash at \(point.rawValue)"
            case .notified(.serverDownPastRetries(let history)):
                return "with notifications, server down 4 days" + (history ? ", then server history" : "")
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
