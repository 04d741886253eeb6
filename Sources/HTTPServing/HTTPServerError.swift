/// Why an HTTP server could not start: the address it was given, and the problem.
public struct HTTPServerError: Error, Sendable, Equatable, CustomStringConvertible {
    public let address: String
    public let problem: String

    public var description: String { "cannot serve on \(address): \(problem)" }
}
