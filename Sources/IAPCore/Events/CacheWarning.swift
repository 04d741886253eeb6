/// What reading the app's pending-order cache found wrong with one of its lines, whose record it
/// then leaves out, as the timeline and the state tell it.
public enum CacheWarning: Sendable, Equatable, Codable {
    /// The last record was cut short: the app died while writing it.
    case tornLastRecord(line: Int)
    /// A record that does not read as one, set aside.
    case damagedRecord(line: Int)
    /// A record the file would not give back, set aside.
    case unreadableRecord(line: Int, problem: String)

    /// The warning in English.
    public var english: String {
        switch self {
        case .tornLastRecord(let line): "line \(line): torn last record ignored (the app died while writing it)"
        case .damagedRecord(let line): "line \(line): damaged record set aside"
        case .unreadableRecord(let line, let problem): "line \(line): record could not be read (\(problem)); set aside"
        }
    }
}
