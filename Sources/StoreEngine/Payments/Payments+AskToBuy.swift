import Foundation
import IAPCore
import Storage

extension Payments {
    /// How long a parent has to answer an Ask to Buy request.
    static let askToBuyLifetime: TimeInterval = 24 * 3600

    /// The waiting Ask to Buy request a new payment joins: one of the same product by the same
    /// account, when this payment would ask too. Apple: "Any duplicate Ask to Buy requests are
    /// consolidated and only resets the 24-hour timer. Once approved, only 1 purchase is completed."
    func joinableRequest(_ request: PaymentRequest) throws(StorageError) -> StoreRecord? {
        guard request.answer == .ask || (switches.isOn(.askToBuy) && request.answer == .confirm),
              catalog.product(id: request.productId) != nil, !switches.withdrawn.contains(request.productId),
              switches.isOn(.payments), !switches.isOn(.interrupt), !switches.isOn(.fail)
        else { return nil }
        return try database.records(where: "product_id = ? AND state = 'deferred' AND account = ?",
                                    [.text(request.productId), .text(account)]).last
    }

    /// Ends every Ask to Buy request no parent answered within 24 hours of its last asking: it
    /// fails, uncharged, and under StoreKit 1 the app hears so when it is the signed-in
    /// account's (another account's device finds it in the queue at its next launch); StoreKit 2
    /// made no transaction of it, so nothing is left to finish. Read through the index of
    /// waiting requests, not the whole history.
    func expireAskToBuyRequests(link: Link) throws(StoreError) {
        let expired = try store { () throws(StorageError) -> [StoreRecord] in
            let cutoff = Int64((link.now.timeIntervalSince1970 - Self.askToBuyLifetime) * 1000)
            let due = try database.waitingRequests(askedBy: cutoff)
            guard !due.isEmpty else { return [] }
            let ended = due.map { $0.with(state: .failed, finished: api == .storekit2, date: $0.date.addingTimeInterval(Self.askToBuyLifetime), error: .askToBuyExpired) }
            try database.database.transaction { () throws(StorageError) in
                for record in ended { try database.update(record) }
            }
            return ended
        }
        for record in expired where record.account == account { try store { () throws(StorageError) in try signatures.deliver(record, link: link) } }
    }

    /// The parent approves the waiting Ask to Buy request for a product: it is charged (under the
    /// offer it asked for, if any) and reported to the app (or waits in the queue while the app is
    /// down), unless the account already holds what it buys (`charge`): then, as a purchase of it
    /// would, it charges nothing and hands back what covers it (under StoreKit 2, which makes no
    /// transaction of it, the transaction that bought it comes again); while the group's
    /// subscription is in billing retry it fails, uncharged.
    func approve(productId: String, link: Link) throws(StoreError) {
        let record = try waitingRequest(for: productId)
        try store { () throws(StorageError) in
            var approved = try charge(record.with(state: .purchased), offer: applied.byTransaction[record.id], link: link)
            if !approved.charged, api == .storekit2 { approved = approved.with(finished: true) }
            try database.update(approved)
            let handsBack = !approved.charged && approved.state == .purchased && api == .storekit2
            try signatures.deliver(handsBack ? try heldRecord(handedBackBy: approved) : approved, link: link)
        }
    }

    /// The parent declines the waiting Ask to Buy request for a product: it fails, uncharged.
    func decline(productId: String, link: Link) throws(StoreError) {
        let record = try waitingRequest(for: productId)
        // StoreKit 2 makes no transaction of a declined request: nothing is left to finish.
        let declined = record.with(state: .failed, finished: api == .storekit2, date: link.now, error: .declinedByParent)
        try store { () throws(StorageError) in
            try database.update(declined)
            try signatures.deliver(declined, link: link)
        }
    }

    /// The signed-in account's Ask to Buy request waiting for `productId`; refused when none waits.
    func waitingRequest(for productId: String) throws(StoreError) -> StoreRecord {
        let waiting = try store { () throws(StorageError) in
            try database.records(where: "product_id = ? AND state = 'deferred' AND account = ?",
                                 [.text(productId), .text(account)])
        }
        guard let record = waiting.last else {
            throw .refused(.noAskToBuyRequest(productId: productId))
        }
        return record
    }

    /// When each waiting Ask to Buy request expires.
    func askToBuyExpiries() throws(StorageError) -> [Int64] {
        try database.waitingRequestDates().map {
            SubscriptionPeriods.dueMillis(SimulatedTime.date(millis: $0).addingTimeInterval(Self.askToBuyLifetime))
        }
    }
}
