import Foundation

/// A subscription whose renewal could not be charged, as the Store keeps it: billing retry since
/// the period ended, with access kept until `graceUntil` when the grace period was on.
public struct BillingRetry: Sendable, Equatable {
    /// When the period that could not be renewed ended.
    public let since: Date
    /// The end of the billing grace period, when the Store granted one.
    public let graceUntil: Date?
}
