/// One of the issue's performance goals, what this run measured, and whether it was met.
public struct BenchGoal: Sendable {
    public let name: String
    public let measured: String
    public let met: Bool

    /// The goal as one line of the table.
    public var line: String {
        "\(met ? "met    " : "NOT MET") \(name): \(measured)"
    }
}
