import Foundation
import IAPCore
import Storage

/// The sandbox's renewal cap, and the expiry it ends a subscription with.
extension Subscriptions {
    /// Apple, "Testing an auto-renewable subscription": "In the sandbox environment, subscription
    /// renewals happen at an accelerated rate, and auto-renewable subscriptions renew up to 12
    /// times after the initial purchase."
    static let sandboxRenewalLimit = 12

    /// Whether a subscription may renew once more: always in production; in the sandbox, while
    /// it has renewed fewer than `sandboxRenewalLimit` times there.
    func sandboxRenews(_ latest: StoreRecord) throws(StorageError) -> Bool {
        guard switches.environment == .sandbox else { return true }
        return try sandboxRenewals(of: latest.originalId) < Self.sandboxRenewalLimit
    }

    /// Counts a renewal the sandbox made; the one that reaches the limit says so on the timeline.
    func countSandboxRenewal(_ renewal: StoreRecord, notes: inout [(StoreStep, TransactionID)]) throws(StorageError) {
        guard switches.environment == .sandbox else { return }
        let made = try sandboxRenewals(of: renewal.originalId) + 1
        try database.setSetting("sandbox-renewals:\(renewal.originalId)", String(made))
        if made == Self.sandboxRenewalLimit {
            notes.append((.sandboxRenewalLimit(productId: renewal.productId, renewals: made), renewal.id))
        }
    }

    /// Tells the Server, once, that a subscription the sandbox stopped renewing (it renewed
    /// `sandboxRenewalLimit` times) expired when its last period ended between `from` and `to`
    /// (milliseconds). Apple, notificationType `EXPIRED`: "A notification without a subtype
    /// indicates that the subscription expired for some other reason"; its renewal information's
    /// `expirationIntent` is 5, "Other".
    func tellSandboxEnd(_ latest: StoreRecord, from: Int64, to: Int64, at now: Date) throws(StorageError) {
        guard switches.environment == .sandbox, try sandboxRenewals(of: latest.originalId) >= Self.sandboxRenewalLimit,
              let end = periods.expiry(of: latest).map(SimulatedTime.millis), end > from, end <= to,
              try database.setting("expiry-told:\(latest.originalId)") != String(end)
        else { return }
        try notifications.notify(.expired, about: latest, at: now, expirationIntent: .other)
        try notifications.markExpiryTold(latest)
    }

    private func sandboxRenewals(of originalId: TransactionID) throws(StorageError) -> Int {
        try database.setting("sandbox-renewals:\(originalId)", as: { Int($0) }) ?? 0
    }
}

