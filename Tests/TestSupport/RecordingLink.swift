import Foundation
import IAPCore

/// A `Link` for tests: keeps every message sent and every note, reads the clock from `now`, and
/// throws `AppCrash` when the app reaches `crashAt`. Subclasses watch more by overriding.
open class RecordingLink: Link {
    public var now = SimulatedTime.epoch
    /// The crash point at which the app dies, if any.
    public var crashAt: CrashPoint?
    public private(set) var sent: [Message] = []
    public private(set) var notes: [String] = []

    public init() {}

    open func send(_ message: Message) {
        sent.append(message)
    }

    open func note(_ happening: Happening, from: Party, to: Party?, transactionId: TransactionID?) {
        notes.append(happening.english)
    }

    open func reached(_ point: CrashPoint) throws(AppCrash) {
        if point == crashAt { throw AppCrash(point: point) }
    }

    open func passed(_ point: CrashPoint) {}

    /// Everything sent since the last call.
    public func take() -> [Message] {
        defer { sent = [] }
        return sent
    }

    /// The Store's answer to a receipt check, when it is the first message sent since the last
    /// call (`take`).
    public func takeReceiptCheck() -> ReceiptCheckResult? {
        guard case .receiptChecked(let result) = take().first else { return nil }
        return result
    }
}
