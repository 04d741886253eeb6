import IAPCore

/// A notification the Store posted to the Server, as `store.sqlite` keeps it: how many attempts
/// it made, and whether the Server acknowledged one.
public struct PostedNotification: Sendable, Equatable {
    public let notification: ServerNotification
    public let attempts: Int
    public let delivered: Bool
    /// When the Store posts it again, in milliseconds; nil once acknowledged or given up.
    public let nextAttemptMillis: Int64?
}
