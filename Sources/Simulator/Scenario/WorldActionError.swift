/// A command the world cannot carry out now, such as buying while the app is down.
public struct WorldActionError: Error, Equatable, Sendable, CustomStringConvertible {
    public let problem: String

    public init(problem: String) {
        self.problem = problem
    }

    public var description: String { problem }
}
