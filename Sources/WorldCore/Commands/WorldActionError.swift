import IAPClient
import OrderServer
import Storage
import StoreEngine

/// Why a command was not carried out: the world declined it and the session goes on, or a file
/// or database failed and nothing more may be written (the command line stops with one line).
public enum WorldActionError: Error, Equatable, Sendable, CustomStringConvertible {
    /// A command the world cannot carry out now, such as buying while the app is down.
    case refused(WorldRefusal)
    /// A file or database of the world failed.
    case failed(WorldError)

    public var description: String {
        switch self {
        case .refused(let refusal): return refusal.english
        case .failed(let error): return error.description
        }
    }

    /// Sorts any error a command met into a refusal or a failure. Only the Store's own refusals
    /// and the world's are refusals; every storage error is a failure that names its file.
    init(classifying error: any Error, directory: DataDirectory) {
        switch error {
        case let error as WorldActionError:
            self = error
        case let error as WorldError:
            self = .failed(error)
        case StoreError.refused(let refusal):
            self = .refused(.store(refusal))
        case StoreError.storage(let storage):
            self = .failed(.file(path: storage.path, problem: storage.problem))
        case let error as ServerError:
            self = .failed(.file(path: error.storage.path, problem: error.storage.problem))
        case let error as StorageError:
            self = .failed(.file(path: error.path, problem: error.problem))
        case let error as CacheError:
            self = .failed(.file(path: error.path, problem: error.placedProblem))
        default:
            self = .failed(.dataDirectory(path: directory.path, problem: "\(error)"))
        }
    }
}
