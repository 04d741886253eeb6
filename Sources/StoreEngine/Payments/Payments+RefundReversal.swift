import Foundation
import IAPCore
import Storage

/// A refund the Store reverses: Apple, `REFUND_REVERSED`: "A notification type that indicates the
/// App Store reversed a previously granted refund due to a dispute that the customer raised. If
/// your app revoked content or services as a result of the related refund, it needs to reinstate
/// them."
extension Payments {
    /// The Store reverses the refund of the newest refunded transaction of a product.
    @discardableResult
    func reverseRefund(productId: String, at date: Date) throws(StoreError) -> StoreRecord {
        let latest = try store { () throws(StorageError) in
            try database.records(where: StoreDatabase.newestRefunded, [.text(productId), .text(account)]).first
        }
        guard let latest else { throw .refused(.noRefundedPurchase(account: account, productId: productId)) }
        return try reverseRefund(latest, at: date)
    }

    /// The Store reverses the refund of one paid transaction of the signed-in account, by its id.
    @discardableResult
    func reverseRefund(transactionId: TransactionID, at date: Date) throws(StoreError) -> StoreRecord {
        let record = try store { () throws(StorageError) in try database.record(id: transactionId) }
        guard let record, record.account == account, record.charged, record.kind != .restore else {
            throw .refused(.noPaidTransaction(account: account, transactionId))
        }
        guard record.refunded else { throw .refused(.notRefunded(transactionId)) }
        return try reverseRefund(record, at: date)
    }

    /// The transaction stands as it did before its refund: its JWS, signed again, has no
    /// `revocationDate`, `revocationReason`, `revocationType` or `revocationPercentage` (the
    /// refund's figure is forgotten), and `REFUND_REVERSED` tells the Server. What the refund
    /// changed beside the transaction stays as it is: auto-renew stays off, and the family's
    /// revoked shares stay revoked.
    private func reverseRefund(_ record: StoreRecord, at date: Date) throws(StoreError) -> StoreRecord {
        try store { () throws(StorageError) -> StoreRecord in
            try database.database.transaction { () throws(StorageError) -> StoreRecord in
                try database.removeSetting(RefundFigures.refundAmountPrefix + record.id.description)
                let reinstated = try signatures.signing(
                    record.with(refunded: false, refundDate: .some(nil), signedTransaction: .some(nil), refundReason: .some(nil)), at: date)
                try database.update(reinstated)
                try notifications.notify(.refundReversed, about: reinstated, at: date)
                return reinstated
            }
        }
    }
}
