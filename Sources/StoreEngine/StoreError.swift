import Storage

/// Why the Store could not do what it was asked.
public enum StoreError: Error, Equatable, CustomStringConvertible, Sendable {
    /// `store.sqlite` could not be read or written.
    case storage(StorageError)
    /// A Store-side command that cannot be carried out, such as approving a request nobody made.
    case refused(StoreRefusal)

    /// What went wrong, without the file's path: an error line names the file once.
    public var problem: String {
        switch self {
        case .storage(let error): return error.problem
        case .refused(let refusal): return refusal.english
        }
    }

    public var description: String {
        switch self {
        case .storage(let error): return error.description
        case .refused(let refusal): return refusal.english
        }
    }
}
