import IAPCore
import Storage

extension SaveProblem {
    /// The problem of a storage error the Server met while saving.
    public init(_ error: StorageError) {
        self = error.reason == .simulatedFullDisk ? .diskFull : .file(error.problem)
    }
}
