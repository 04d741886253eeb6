import Foundation
import IAPCore
import Storage

/// The sandbox's renewal cap.
extension Store {
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
    func countSandboxRenewal(_ renewal: StoreRecord, notes: inout [(String, TransactionID)]) throws(StorageError) {
        guard switches.environment == .sandbox else { return }
        let made = try sandboxRenewals(of: renewal.originalId) + 1
        try database.setSetting("sandbox-renewals:\(renewal.originalId)", String(made))
        if made == Self.sandboxRenewalLimit {
            notes.append(("the sandbox renewed \(renewal.productId) \(made) times, the most it renews: it ends with this period", renewal.id))
        }
    }

    private func sandboxRenewals(of originalId: TransactionID) throws(StorageError) -> Int {
        try database.setting("sandbox-renewals:\(originalId)", as: { Int($0) }) ?? 0
    }
}

