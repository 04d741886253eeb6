import ReadSide
import WorldCore

/// What an `expect` line found in the world: the value it wanted and the one it found, as text.
public struct ExpectationOutcome: Equatable, Sendable {
    public let wanted: String
    public let found: String

    /// Whether the expectation held.
    public var met: Bool { wanted == found }
}

extension ReadModel {
    /// Checks an `expect` line against the world now, as `storesim run` does.
    public func check(_ expectation: Expectation) throws(WorldError) -> ExpectationOutcome {
        ExpectationOutcome(wanted: ExpectationCheck.wanted(expectation),
                           found: try ExpectationCheck(readModel: self).found(expectation))
    }
}
