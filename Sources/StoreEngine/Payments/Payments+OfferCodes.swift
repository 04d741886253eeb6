import Foundation
import IAPCore
import Storage

extension Payments {
    /// The user redeems an offer code: the subscription it is for is charged under the code's
    /// offer and the transaction comes to the app as one it did not ask for. What the account
    /// subscribes to already decides when, as for a purchase (`charge`): a code for the plan it
    /// has charges nothing now and applies at the renewal ("if the offer code is for the same
    /// product that the customer is already subscribed to, then it will go into effect at their
    /// next renewal event"); for another plan of the group the change follows Apple's ranking,
    /// a change that waits for the renewal taking the offer with it. A code no product has, one
    /// redeemed already (a one-time use code by anyone, a custom code by this account), or one
    /// for a group in billing retry makes no transaction: the timeline says why.
    func redeem(code: String, link: Link) throws(StorageError) {
        guard let (product, offer, redeemedKey) = try offers.redeemable(code: code, link: link) else { return }
        if case .billingRetry(let retrying) = try holding(product.id, account: account, at: link.now) {
            link.note(.store(.offerCodeInBillingRetry(code: code, productId: retrying.productId)), from: .store, to: nil, transactionId: retrying.id)
            return
        }
        let id = try database.nextTransactionId()
        let record = try charge(StoreRecord(
            id: id, originalId: id, productId: product.id, account: account, state: .purchasing, kind: .purchase,
            charged: false, finished: false, refunded: false, date: link.now, error: nil, receipt: nil),
            offer: AppliedOffer(type: .code, id: offer.id), link: link)
        // A code for the plan the account has, or for a change that waits for the renewal, hands
        // the subscription back; StoreKit 2 makes no transaction of that and sends the one that covers it.
        let handsBack = !record.charged && api == .storekit2
        try database.insert(handsBack ? record.with(finished: true) : record)
        try database.setSetting(redeemedKey, record.id.description)
        try signatures.deliver(handsBack ? try heldRecord(handedBackBy: record) : record, link: link)
    }
}
