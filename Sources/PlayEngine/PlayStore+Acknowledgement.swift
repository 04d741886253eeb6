import Foundation
import IAPCore
import Storage

/// Acknowledging and consuming, by the app (`acknowledgePurchase`, `consumeAsync`) or by the
/// Server (`purchases.products.acknowledge`, `purchases.products.consume`): what stops the three
/// days. Google: "Failure to either consume (via `BillingClient#consumeAsync`) or acknowledge
/// (via `acknowledgePurchase`) a purchase will result in that purchase being refunded."
extension PlayStore {
    /// Acknowledges the purchase `token` at `now`. Refused (nothing changed) when no purchase
    /// has the token; when it is not owned (consumed, voided, canceled); when it is PENDING
    /// (Google: "You should acknowledge a purchase only when the state is PURCHASED"); when it
    /// was acknowledged before. The refusal carries the app's and the Server's answer.
    @discardableResult
    public func acknowledge(token: String, by caller: PlayCaller, now: Date) throws(PlayError) -> PlayPurchaseRecord {
        try change { () throws(StorageError) -> Result<PlayPurchaseRecord, PlayRefusal> in
            guard var record = try database.record(token: token) else { return .failure(.tokenNotFound(token)) }
            guard record.state != .canceled, !record.isConsumed, !record.isVoided else { return .failure(.notOwned(record.orderId)) }
            guard record.state == .purchased else { return .failure(.stillPending(record.orderId)) }
            guard !record.isAcknowledged else { return .failure(.acknowledgedAlready(record.orderId)) }
            record.acknowledgedMillis = SimulatedTime.millis(now)
            record.acknowledgedBy = caller
            try database.update(record)
            return .success(record)
        }
    }

    /// Consumes the purchase `token` at `now`: it is no longer held, so it can be bought again
    /// and `queryPurchasesAsync` no longer returns it. Consuming acknowledges, when the purchase
    /// was not acknowledged yet. Google: "Both methods fulfill the acknowledgement requirement and
    /// indicate that your app has granted entitlement to the user." Refused (nothing changed) when
    /// no purchase has the token, or it is not owned: consumed, voided, canceled or still PENDING
    /// (Google, `onConsumeResponse`: "ITEM_NOT_OWNED if the user does not currently own the item.").
    @discardableResult
    public func consume(token: String, by caller: PlayCaller, now: Date) throws(PlayError) -> PlayPurchaseRecord {
        try change { () throws(StorageError) -> Result<PlayPurchaseRecord, PlayRefusal> in
            guard var record = try database.record(token: token) else { return .failure(.tokenNotFound(token)) }
            guard record.state == .purchased, !record.isConsumed, !record.isVoided else { return .failure(.notOwned(record.orderId)) }
            let millis = SimulatedTime.millis(now)
            record.consumedMillis = millis
            record.consumedBy = caller
            if !record.isAcknowledged {
                record.acknowledgedMillis = millis
                record.acknowledgedBy = caller
            }
            try database.update(record)
            return .success(record)
        }
    }
}
