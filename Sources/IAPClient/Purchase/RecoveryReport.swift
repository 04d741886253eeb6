import IAPCore

/// What a launch found and what became of each: the app's recovery report.
public struct RecoveryReport: Sendable, Equatable {
    /// Where the launch found the purchase.
    public enum Source: String, Sendable {
        case cache = "pending-order cache"
        case queue = "Store's queue"
        case both = "cache and Store's queue"
    }

    /// What became of a recovered purchase.
    public enum Outcome: Sendable, Equatable {
        case creditedNow
        case alreadyCredited
        case stillPending(String)
        /// Set aside for good, with the reason: a status code and its meaning, or the Server's own refusal.
        case rejected(String)

        /// In words, for the report.
        public var text: String {
            switch self {
            case .creditedNow: return "credited now"
            case .alreadyCredited: return "already credited (duplicate suppressed)"
            case .stillPending(let reason): return "still pending (\(reason))"
            case .rejected(let reason): return "rejected (\(reason))"
            }
        }
    }

    /// One purchase the launch found.
    public struct Item: Sendable, Equatable {
        public let transactionId: TransactionID
        public let productId: String
        public var source: Source
        public var outcome: Outcome?
    }

    public let items: [Item]
}
