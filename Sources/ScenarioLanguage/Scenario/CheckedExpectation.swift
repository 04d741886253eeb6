import WorldCore

/// An `expect` line as a run checked it: the line, what it wanted and found, and how long the
/// check took (the messages it let arrive first included).
public struct CheckedExpectation: Equatable, Sendable {
    public let step: ScenarioStep
    public let outcome: ExpectationOutcome
    public let seconds: Double

    /// The failure as `storesim run` reports it: file, line, command, wanted and found.
    public var failure: String {
        "\(step.file): line \(step.line): \(step.text): expected \(outcome.wanted), found \(outcome.found)"
    }
}
