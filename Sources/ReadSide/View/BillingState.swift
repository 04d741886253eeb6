import Foundation
import WorldCore

/// A subscription in billing retry, as the faces show it: its renewal could not be charged and
/// the Store retries it; with a grace period, access lasts until `graceUntil`.
public struct BillingState: Sendable, Equatable {
    public let graceUntil: Date?

    public init(graceUntil: Date?) {
        self.graceUntil = graceUntil
    }

    /// The state at `now`: a grace period that has ended is plain billing retry again.
    init(graceUntil: Date?, at now: Date) {
        self.graceUntil = graceUntil.flatMap { $0 > now ? $0 : nil }
    }
}
