import Foundation
import IAPCore
import Storage

/// A launch's recovery of several pending orders with one `verifyReceipt` of the app receipt.
extension OrderServer {
    /// Settles a recovery: the app receipt, checked once, proves each pending order it lists,
    /// and each is credited once (UNIQUE on its transaction id) and answered. The credits are one
    /// transaction (a savepoint of the Server's batch), and the balances their consumables grant
    /// are written once at its end; one reply follows it, an answer for each order in order. A write
    /// that fails rolls the whole transaction back: no order of the recovery is credited or
    /// answered (not even one that needed no write), the error reaches the World, which tells the
    /// app that each one's verification failed, and all stay pending for the next launch. An
    /// order it does not prove — not listed, refunded, another account's, or every order when
    /// the receipt itself is rejected — is answered `notProven`, and the app verifies that
    /// order's own cached receipt instead. Nothing is recorded against an order the app receipt
    /// did not prove: its own verification decides.
    func settleRecovery(_ response: VerifyReceiptResponse, of request: VerificationRequest, at now: Date,
                        link: Link) throws(StorageError) {
        guard response.status == .valid else {
            try database.reject(nil, status: response.status.rawValue, reason: nil, at: now)
            let reason = NotProvenReason.receiptRejected(response.status)
            tell(request.orders.map { VerificationAnswer(transactionId: $0, outcome: .notProven(reason), productId: nil) },
                 for: request, link: link)
            return
        }
        let inApp = response.receipt?.inApp ?? []
        _ = try revokeRefunded(inApp)
        var listed: [TransactionID: ReceiptEntry] = [:]
        listed.reserveCapacity(inApp.count)
        for entry in inApp {
            listed[entry.transactionId] = entry
        }
        let answers = try database.database.transaction { () throws(StorageError) -> [VerificationAnswer] in
            let tally = GrantTally()
            var answers: [VerificationAnswer] = []
            answers.reserveCapacity(request.orders.count)
            for id in request.orders {
                answers.append(try settleRecovered(id, proof: listed[id], account: request.account, at: now, tally: tally))
            }
            try addToBalances(tally)
            return answers
        }
        tell(answers, for: request, link: link)
    }

    private func settleRecovered(_ id: TransactionID, proof entry: ReceiptEntry?, account: String?,
                                 at now: Date, tally: GrantTally) throws(StorageError) -> VerificationAnswer {
        let reason: NotProvenReason
        if let entry, let product = catalog.product(id: entry.productId) {
            if entry.revoked {
                reason = .refunded
            } else if account != nil && account != entry.account {
                reason = .otherAccount
            } else {
                return try creditOnce(entry, product: product, answering: id, at: now, tally: tally)
            }
        } else {
            reason = .notOnReceipt
        }
        return VerificationAnswer(transactionId: id, outcome: .notProven(reason), productId: nil)
    }
}
