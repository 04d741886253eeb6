/// Why the Server could not save what a message asked: the disk the simulation made full, or
/// the storage layer's own words about the file (SQLite's or the system's), kept as written.
public enum SaveProblem: Sendable, Equatable, Codable {
    /// A write failed because the simulation made the disk full.
    case diskFull
    /// The storage layer's problem with the file, as it words it.
    case file(String)

    /// The problem in English.
    public var english: String {
        switch self {
        case .diskFull: "write failed: no space left on device (simulated)"
        case .file(let problem): problem
        }
    }
}
