import Foundation
import IAPCore
import Storage

/// A subscription's renewal information as it stands, signed as Apple signs it
/// (`JWSRenewalInfoDecodedPayload`): what `state --json` shows of each subscription.
public struct SubscriptionRenewal: Sendable, Equatable {
    public let originalTransactionId: TransactionID
    public let productId: String
    /// The JWS of the renewal information.
    public let signedRenewalInfo: String
}

extension Store {
    /// The renewal information of every subscription in a (possibly live) `store.sqlite`, the
    /// latest transaction of each not refunded, oldest first, as it is at `now` and signed now by
    /// the Store's chain; none when the Store never signed (a StoreKit 1 world) or there is no
    /// Store yet. Read without changing the file.
    public static func readRenewals(path: String, catalog: Catalog, at now: Date) throws(StoreError) -> [SubscriptionRenewal] {
        guard FileManager.default.fileExists(atPath: path), let store = try Store(readingOnly: path, catalog: catalog) else { return [] }
        return try store.store { () throws(StorageError) in
            guard try store.signatures.loadKeptSigner() else { return [] }
            var renewals: [SubscriptionRenewal] = []
            for record in try store.periods.latestSubscriptions() {
                guard let signed = try store.notifications.signedRenewalInfo(of: record, at: now, expirationIntent: nil) else { continue }
                renewals.append(SubscriptionRenewal(originalTransactionId: record.originalId, productId: record.productId,
                                                    signedRenewalInfo: signed))
            }
            return renewals
        }
    }
}
