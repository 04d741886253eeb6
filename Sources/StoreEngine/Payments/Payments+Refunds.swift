import Foundation
import IAPCore
import Storage

/// What the Store takes back: refunds (each revoking the family's shares of the purchase), an
/// interrupted purchase resolved, a transaction deleted as StoreKit Testing allows.
extension Payments {
    /// Deletes a transaction from the Store, as StoreKit Testing allows, so a product can be
    /// bought again from scratch; deleting the transaction that started a subscription or a
    /// purchase deletes its children too (Apple: "Deleting an original subscription transaction
    /// deletes all related renewal transactions", "Deleting a transaction deletes any associated
    /// restored transactions"). What was credited for them stays credited: the audit will say so.
    func delete(transactionId: TransactionID) throws(StoreError) {
        let removed = try store { () throws(StorageError) -> Bool in
            guard let record = try database.record(id: transactionId) else { return false }
            try database.delete(id: transactionId, withChildren: record.id == record.originalId)
            return true
        }
        guard removed else { throw .refused(.noTransaction(transactionId)) }
    }

    /// The Store refunds the latest transaction of a product: it is revoked (its JWS, when the
    /// Store signs, says so, with the reason), and the Server learns of it at its next receipt
    /// check. The refund's time is kept: a credit made after it is a fault, one made before it is
    /// not. Returns the refunded transaction.
    @discardableResult
    func refund(productId: String, reason: RevocationReason? = nil, at date: Date) throws(StoreError) -> StoreRecord {
        try refund(try periods.latestPaid(productId), reason: reason, at: date)
    }

    /// The Store refunds one paid transaction of the signed-in account, by its id.
    @discardableResult
    func refund(transactionId: TransactionID, reason: RevocationReason?, at date: Date) throws(StoreError) -> StoreRecord {
        let record = try store { () throws(StorageError) in try database.record(id: transactionId) }
        guard let record, record.account == account, record.charged, record.kind != .restore else {
            throw .refused(.noPaidTransaction(account: account, transactionId))
        }
        guard !record.refunded else { throw .refused(.refundedAlready(transactionId)) }
        return try refund(record, reason: reason, at: date)
    }

    /// Refunds what is left of `record`'s charge: Apple, `Transaction.revocationPercentage`: "The
    /// percentage of the transaction amount that the App Store has refunded or revoked", whose
    /// "Valid values range from 0.0 to 100.0". A period an upgrade ended had its unused part
    /// refunded then; this refund pays back the rest, never more than was charged.
    private func refund(_ record: StoreRecord, reason: RevocationReason?, at date: Date) throws(StoreError) -> StoreRecord {
        let (prorated, left) = try store { () throws(StorageError) -> (Decimal?, Decimal) in
            let prorated = try subscriptions.proratedRefund(of: record.id)
            return (prorated, try prices.chargedPrice(record) - (prorated ?? 0))
        }
        if let prorated, left <= 0 {
            throw .refused(.nothingLeftToRefund(record.id, prorated: prices.format(prorated)))
        }
        return try store { () throws(StorageError) -> StoreRecord in
            try database.database.transaction { () throws(StorageError) -> StoreRecord in
                try database.setSetting(RefundFigures.refundAmountPrefix + record.id.description, "\(max(left, 0))")
                // A refund grants the customer's request of it, when there was one.
                try database.removeSetting(Self.refundRequestPrefix + record.id.description)
                let refunded = try signatures.signing(record.with(refunded: true, refundDate: date, refundReason: reason), at: date)
                try database.update(refunded)
                // A period of a run a later purchase continued (an upgrade) leaves the running plan as it is.
                if try database.nextRunStart(of: record.originalId, after: record.id) == nil {
                    try database.setSetting("autorenew:\(record.originalId)", "off")
                }
                try notifications.notify(.refund, about: refunded, at: date)
                // Apple: "If the purchaser of a Family Sharing transaction receives a refund, the
                // revocation reason for Family Sharing transactions matches the value of the
                // purchaser's revocation reason."
                _ = try family.revokeShares(of: record, reason: reason ?? .other, at: date)
                return refunded
            }
        }
    }

    /// The user resolves an interrupted purchase: a new purchased transaction arrives.
    func resolve(productId: String, link: Link) throws(StoreError) {
        let key = "interrupted:\(account):\(productId)"
        guard let interrupted = try store({ () throws(StorageError) in try database.setting(key) }) else {
            throw .refused(.noInterruptedPurchase(productId: productId))
        }
        try store { () throws(StorageError) in
            let id = try database.nextTransactionId()
            let record = try charge(StoreRecord(
                id: id, originalId: id, productId: productId, account: account, state: .purchasing, kind: .purchase,
                charged: false, finished: false, refunded: false, date: link.now, error: nil, receipt: nil),
                offer: TransactionID(interrupted).flatMap { applied.byTransaction[$0] }, link: link)
            try database.insert(record)
            try database.removeSetting(key)
            try signatures.deliver(record, link: link)
        }
    }
}
