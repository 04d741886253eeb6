/// Whether the app is running, and if not, why.
public enum AppStatus: Equatable, Sendable {
    case running
    case notLaunched
    case quit
    case crashed(String)

    public var isRunning: Bool { self == .running }

    /// In words, for headers and transcripts.
    public var text: String {
        switch self {
        case .running: return "running"
        case .notLaunched: return "not launched"
        case .quit: return "closed"
        case .crashed(let where_): return "crashed (\(where_))"
        }
    }
}
