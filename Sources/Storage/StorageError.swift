/// A failure of the storage layer, naming the file and what went wrong.
public struct StorageError: Error, Equatable, CustomStringConvertible, Sendable {
    public let path: String
    public let problem: String

    public init(path: String, problem: String) {
        self.path = path
        self.problem = problem
    }

    public var description: String { "\(path): \(problem)" }
}
