import Storage

/// Why Google Play could not do what it was asked.
public enum PlayError: Error, Equatable, CustomStringConvertible, Sendable {
    /// `play.sqlite` could not be read or written; the error names the file.
    case storage(StorageError)
    /// A call Google Play refuses, as Google answers it (`PlayRefusal`); nothing was changed.
    case refused(PlayRefusal)

    /// What went wrong, without the file's path (for a line that names the file itself).
    public var problem: String {
        switch self {
        case .storage(let error): return error.problem
        case .refused(let refusal): return refusal.english
        }
    }

    /// What went wrong, on one line, naming the file when the file is at fault.
    public var description: String {
        switch self {
        case .storage(let error): return error.description
        case .refused(let refusal): return refusal.english
        }
    }
}
