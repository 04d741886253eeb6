import Foundation
import IAPCore
import Storage

/// Payments: a payment under either StoreKit, what the Store does with it (`outcome`) and charging
/// it (`charge`, where what the account holds, a group change and an offer are weighed), Ask to
/// Buy, offer codes redeemed, finishing, restoring and redelivering transactions, refunds and a
/// world's recorded history. It keeps nothing in memory and tells what a charge changed: the
/// offer it was charged under (`AppliedOffers.keep`), the family's shares (`Family`), and a
/// finished subscription transaction, which leaves the subscriptions' schedule current
/// (`SubscriptionPeriods.finished`); its other writes make the schedule stale by the change count.
final class Payments: StoreService {
    let context: StoreContext
    let applied: AppliedOffers
    let periods: SubscriptionPeriods
    let offers: Offers
    let prices: Prices
    let signatures: Signatures
    let receipts: Receipts
    let notifications: Notifications
    let family: Family
    let subscriptions: Subscriptions

    init(context: StoreContext, applied: AppliedOffers, periods: SubscriptionPeriods, offers: Offers, prices: Prices,
         signatures: Signatures, receipts: Receipts, notifications: Notifications, family: Family, subscriptions: Subscriptions) {
        self.context = context
        self.applied = applied
        self.periods = periods
        self.offers = offers
        self.prices = prices
        self.signatures = signatures
        self.receipts = receipts
        self.notifications = notifications
        self.family = family
        self.subscriptions = subscriptions
    }

    /// `Product.purchase()`: one answer, with the signed transaction when the purchase went
    /// through. A purchase that fails or is cancelled leaves no transaction to finish; buying a
    /// non-consumable again hands back the transaction that bought it.
    func purchase(_ request: PaymentRequest, link: Link) throws(StorageError) {
        if let waiting = try joinableRequest(request) {
            // Apple: duplicate Ask to Buy requests are consolidated and only reset the 24-hour timer.
            try database.update(waiting.with(date: link.now))
            link.send(.purchaseResult(.pending(productId: request.productId)))
            return
        }
        let id = try database.nextTransactionId()
        if let token = request.appAccountToken {
            try database.setSetting("\(Signatures.appAccountTokenPrefix)\(id)", token)
        }
        let record = StoreRecord(
            id: id, originalId: id, productId: request.productId, account: account, state: .purchasing,
            kind: .purchase, charged: false, finished: false, refunded: false, date: link.now, error: nil, receipt: nil)
        let result: PurchaseResult
        switch try outcome(of: request, id: id, at: link.now) {
        case .fails(let error):
            try database.insert(record.with(state: .failed, finished: true, error: error))
            result = error == .paymentCancelled ? .userCancelled(productId: request.productId)
                : .failed(productId: request.productId, error)
        case .waits:
            if let offer = try offers.requestedOffer(request) { try applied.keep(offer, for: id) }
            try database.insert(record.with(state: .deferred))
            result = .pending(productId: request.productId)
        case .charges:
            let charged = try charge(record, offer: try offers.requestedOffer(request), link: link)
            if let error = charged.error {
                // Refused for what the account holds (a subscription in billing retry): no transaction to finish.
                try database.insert(charged)
                result = .failed(productId: request.productId, error)
            } else if charged.charged {
                try database.insert(charged)
                result = .success(try signatures.signedTransaction(charged, at: link.now))
            } else {
                // What the account holds already (an owned non-consumable, the plan it has, a
                // change that waits for the renewal) charges nothing and makes no transaction:
                // the purchase answers with the transaction that covers it.
                result = .success(try signatures.signedTransaction(try heldRecord(handedBackBy: charged), at: link.now))
            }
        }
        link.send(.purchaseResult(result))
    }

    /// Marks the transaction of `owner` (the signed-in account when nil: the device finishes
    /// only what its queue holds) finished when it is unfinished: one update of its row, which no
    /// longer holds its receipt (a receipt lists every unfinished consumable). A subscription's
    /// latest transaction finished stays current in the schedule.
    func finish(_ id: TransactionID, of owner: String? = nil) throws(StorageError) {
        let owner = owner ?? account
        let before = database.database.totalChanges
        try database.markFinished(id, account: owner)
        try finishRestores(of: id, owner: owner)
        let after = database.database.totalChanges
        guard after != before else { return }
        periods.finished(id, from: before, to: after)
    }

    /// Finish Transaction (App Store Server API): the Server finishes a transaction it credited,
    /// of whichever account made it, the one signed in on the device or not. Apple: "If you
    /// manage entitlement logic on your server, your server can call Finish Transaction after it
    /// finishes providing the customer with the new content." An id the Store does not know
    /// finishes nothing (Apple answers 404, TransactionIdNotFoundError); one finished already,
    /// nothing more.
    func finishForServer(_ id: TransactionID) throws(StorageError) {
        guard let record = try database.record(id: id) else { return }
        try finish(id, of: record.account)
    }

    /// Under StoreKit 2, finishing a purchase finishes the StoreKit 1 restores of it still in the
    /// queue too: they are that purchase in StoreKit 2's view, and one queue serves both APIs.
    func finishRestores(of id: TransactionID, owner: String) throws(StorageError) {
        guard api == .storekit2, let record = try database.record(id: id), record.account == owner else { return }
        try database.database.query("""
            UPDATE transactions SET finished = 1
            WHERE original_id = ? AND account = ? AND kind = 'restore' AND finished = 0
            """, [StoreDatabase.idValue(record.originalId), .text(owner)])
    }
}
