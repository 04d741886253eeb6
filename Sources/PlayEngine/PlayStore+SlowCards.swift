import Foundation
import IAPCore
import Storage

/// The license testers' slow test cards: Google, "license testers have access to two test
/// instruments for delayed forms of payment where the payment automatically completes or cancels
/// after a couple of minutes." StoreSim resolves each two minutes after the purchase on the
/// simulated clock (`PlayPurchaseRecord.slowCardDelayMillis`): a due moment of `nextDue`.
extension PlayStore {
    /// Resolves, in one transaction, every slow test card due at or before `now`, each at its own
    /// moment: "Slow test card, approves after a few minutes" makes its purchase PURCHASED (its
    /// three days begin then), "Slow test card, declines after a few minutes" cancels it. Returns
    /// them, in the order they resolved, for the world to tell and deliver.
    public func resolveSlowCards(at now: Date) throws(PlayError) -> [PlayPurchaseRecord] {
        let millis = SimulatedTime.millis(now)
        return try change { () throws(StorageError) -> Result<[PlayPurchaseRecord], PlayRefusal> in
            var resolved: [PlayPurchaseRecord] = []
            for var record in try database.due(.slowCard, atOrBefore: millis) {
                switch record.slowCard {
                case .approves:
                    becomePurchased(&record, at: record.slowCardDueMillis ?? millis)
                case .declines, nil:
                    record.state = .canceled
                }
                try database.update(record)
                try publishResolution(of: record, at: record.slowCardDueMillis ?? millis)
                resolved.append(record)
            }
            return .success(resolved)
        }
    }
}
