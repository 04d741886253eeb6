import WorldCore

/// One parsed line of a script, with where it came from.
public struct ScenarioStep: Equatable, Sendable {
    public let file: String
    public let line: Int
    public let text: String
    public let command: ScenarioCommand
}
