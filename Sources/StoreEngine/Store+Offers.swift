import Foundation
import IAPCore
import Storage

extension Store {
    /// The offers the Store's transactions were bought under, by transaction (a free trial, kept
    /// as the transaction's kind, is not among them), read from a possibly live database.
    public static func readAppliedOffers(path: String) throws(StorageError) -> [TransactionID: AppliedOffer] {
        try AppliedOffers.appliedOffers(in: StoreDatabase(path: path, readOnly: true))
    }

    /// The offer `record` was bought or renewed under; nil for one at the regular price.
    public func appliedOffer(of record: StoreRecord) -> AppliedOffer? {
        applied.offer(of: record)
    }

    /// The offer price each subscription would be bought at now by the signed-in account without
    /// asking for an offer, by product (`Offers.offerPrices`).
    public func offerPrices(at now: Date) throws(StoreError) -> [String: Decimal] {
        try offers.offerPrices(at: now)
    }

    /// The subscription key the Store issued the app (App Store Connect's In-App Purchase key):
    /// its id and the secret the Server derives the private key from.
    public func offerSigningKey() throws(StoreError) -> (id: String, secret: String) {
        try offers.offerSigningKey()
    }
}
