import IAPCore

/// What a launch found and what became of each: the app's recovery report.
public struct RecoveryReport: Sendable, Equatable {
    /// Where the launch found the purchase.
    public typealias Source = RecoverySource
    /// What became of a recovered purchase.
    public typealias Outcome = RecoveryOutcome

    /// One purchase the launch found.
    public struct Item: Sendable, Equatable {
        public let transactionId: TransactionID
        public let productId: String
        public var source: Source
        public var outcome: Outcome?
    }

    public let items: [Item]
}
