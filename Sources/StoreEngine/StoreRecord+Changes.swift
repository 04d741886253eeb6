import Foundation
import IAPCore

extension StoreRecord {
    /// A copy with some fields changed.
    func with(originalId: TransactionID? = nil, state: TransactionState? = nil, kind: Kind? = nil, charged: Bool? = nil, finished: Bool? = nil,
              refunded: Bool? = nil, date: Date? = nil, error: PurchaseError?? = nil,
              receipt: String?? = nil, refundDate: Date?? = nil, signedTransaction: String?? = nil,
              refundReason: RevocationReason?? = nil) -> StoreRecord {
        StoreRecord(id: id, originalId: originalId ?? self.originalId, productId: productId, account: account,
                    state: state ?? self.state, kind: kind ?? self.kind, charged: charged ?? self.charged,
                    finished: finished ?? self.finished, refunded: refunded ?? self.refunded,
                    date: date ?? self.date, error: error ?? self.error, receipt: receipt ?? self.receipt,
                    refundDate: refundDate ?? self.refundDate, signedTransaction: signedTransaction ?? self.signedTransaction,
                    refundReason: refundReason ?? self.refundReason, sharedFrom: sharedFrom)
    }
}
