/// What happened in a world since it was opened: crashes, and what launches recovered.
public struct WorldStatistics: Sendable, Equatable {
    public var crashes = 0
    /// Purchases that launch recovery found (in the cache or the Store's queue).
    public var recovered = 0
    /// Recovered purchases the Server had already credited, answered "already credited".
    public var duplicatesSuppressed = 0

    public init() {}

    public static func + (lhs: WorldStatistics, rhs: WorldStatistics) -> WorldStatistics {
        var sum = lhs
        sum.crashes += rhs.crashes
        sum.recovered += rhs.recovered
        sum.duplicatesSuppressed += rhs.duplicatesSuppressed
        return sum
    }
}
