import Foundation
import IAPCore
import Storage

/// How transactions reach the app and the App Store Server API: as the StoreKit the app uses
/// receives them, and signed now for the Server's requests.
extension Signatures {
    /// Sends a transaction the Store delivers on its own, as the app's StoreKit receives it:
    /// to the StoreKit 1 observer, or through StoreKit 2's `Transaction.updates`, where only
    /// transactions that went through (purchased, restored) arrive; `state` is the state StoreKit 2
    /// shows, when it is not the record's (a purchase `AppStore.sync()` brought back).
    func deliver(_ record: StoreRecord, as state: TransactionState? = nil, link: Link) throws(StorageError) {
        switch api {
        case .storekit1:
            link.send(.transactionUpdated(record.asTransaction))
        case .storekit2:
            guard record.state == .purchased || record.state == .restored else { return }
            link.send(.transactionUpdate(try signedTransaction(record, at: link.now, state: state)))
        }
    }

    /// A refund reaches a running StoreKit 2 app through `Transaction.updates`: the transaction
    /// again, its JWS now with `revocationDate` and `revocationReason`. (An app that is not
    /// running does not get it at its next launch; it finds the purchase gone from
    /// `Transaction.currentEntitlements`.)
    func tellRevocation(_ refunded: StoreRecord, link: Link) throws(StoreError) {
        guard api == .storekit2 else { return }
        try store { () throws(StorageError) in link.send(.transactionUpdate(try signedTransaction(refunded, at: link.now))) }
    }

    /// The transaction StoreKit 2 shows for `record`. StoreKit 2 has no restore transactions:
    /// `AppStore.sync()` brings back "the transactions that bought them", so a StoreKit 1
    /// restore still unfinished when the app moved to StoreKit 2 is the purchase it restores,
    /// as `AppStore.sync()` would deliver it; nil when that purchase is not the account's.
    func storeKit2Transaction(of record: StoreRecord) throws(StorageError) -> StoreRecord? {
        guard record.kind == .restore else { return record }
        return try database.records(where: "original_id = ? AND account = ? AND kind != 'restore' AND state = 'purchased'",
                                    [StoreDatabase.idValue(record.originalId), .text(record.account)],
                                    withReceipts: false).last
    }

    /// App Store Server API, Get Transaction Info: the transaction as it is now (refunded or
    /// not), signed now, whichever StoreKit the app uses; nothing for an id the Store never
    /// issued or a transaction StoreKit 2 does not know (failed, deferred, purchasing). A StoreKit 1
    /// restore is answered with the purchase it restores, which is what the App Store knows: it
    /// proves no payment of its own.
    func transactionInfo(_ request: VerificationRequest, at now: Date) throws(StorageError) -> TransactionInfo {
        TransactionInfo(request: request, signedTransactionInfo: try request.transactionId.flatMap { id throws(StorageError) in
            try signedTransactionInfo(of: id, at: now)
        })
    }

    /// Get Transaction Info's `signedTransactionInfo` of `id`, signed now; nil when the Store has
    /// no such transaction StoreKit 2 knows (`transactionInfo`).
    func signedTransactionInfo(of id: TransactionID, at now: Date) throws(StorageError) -> String? {
        let millis = SimulatedTime.millis(now)
        if let kept = answered.signed(id, millis: millis, changes: database.database.totalChanges, inBatch: database.database.inBatch) {
            return kept
        }
        guard let asked = try database.record(id: id), let record = try storeKit2Transaction(of: asked),
              record.state == .purchased || record.state == .restored
        else { return nil }
        try loadSigner(from: now)
        let signed = try jws(of: record, at: now)
        answered.keep(signed, of: id, millis: millis, changes: database.database.totalChanges, inBatch: database.database.inBatch)
        return signed
    }

    /// App Store Server API, Get Transaction History: every paid transaction of the account that
    /// made `id`, finished or not, refunded or not, signed now, oldest first; none for an id the
    /// Store never issued.
    func transactionHistory(of id: TransactionID, link: Link) throws(StorageError) {
        var signed: [String] = []
        if let records = try transactionHistory(of: id), !records.isEmpty {
            try loadSigner(from: link.now)
            for record in records { signed.append(try jws(of: record, at: link.now)) }
        }
        link.send(.transactionHistory(TransactionHistory(transactionId: id, signedTransactions: signed)))
    }

    /// The transactions Get Transaction History lists for `id`: every paid transaction of the
    /// account that made it (`StoreRecord.isInTransactionHistory`), oldest first; nil for an id
    /// the Store never issued.
    func transactionHistory(of id: TransactionID) throws(StorageError) -> [StoreRecord]? {
        guard let asked = try database.record(id: id) else { return nil }
        return try database.records(where: "account = ?", [.text(asked.account)], withReceipts: false).filter(\.isInTransactionHistory)
    }
}
