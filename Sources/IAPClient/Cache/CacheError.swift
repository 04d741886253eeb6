/// A pending-order cache that cannot be read or written, naming the file, the line and the problem.
public struct CacheError: Error, Equatable, CustomStringConvertible, Sendable {
    public let path: String
    /// The line of the file, when the problem is in one.
    public let line: Int?
    public let problem: String

    public init(path: String, line: Int? = nil, problem: String) {
        self.path = path
        self.line = line
        self.problem = problem
    }

    /// The problem with its line, when it is in one: what follows the path in an error line.
    public var placedProblem: String {
        line.map { "line \($0): \(problem)" } ?? problem
    }

    public var description: String {
        "\(path): \(placedProblem)"
    }
}
