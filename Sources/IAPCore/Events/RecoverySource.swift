/// Where a launch found a purchase to recover.
public enum RecoverySource: String, Sendable, Equatable, Codable {
    case cache = "pending-order cache"
    case queue = "Store's queue"
    case both = "cache and Store's queue"
}
