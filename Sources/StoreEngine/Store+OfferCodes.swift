import Foundation
import IAPCore
import Storage

extension Store {
    /// The user redeems an offer code: the subscription it is for is charged under the code's
    /// offer and the transaction comes to the app as one it did not ask for. A code no product
    /// has, or one redeemed already (a one-time use code by anyone, a custom code by this
    /// account), makes no transaction: the timeline says why.
    func redeem(code: String, link: Link) throws(StorageError) {
        guard let (product, offer) = offer(code: code) else {
            link.note("offer code \(code) is not valid", from: .store, to: nil, transactionId: nil)
            return
        }
        let redeemedKey = "code-redeemed:\(offer.code ?? offer.id)" + (offer.oneTime ? "" : ":\(account)")
        if let earlier = try database.setting(redeemedKey) {
            let who = offer.oneTime ? "a one-time use code redeems once" : "an account redeems a code once"
            link.note("offer code \(code) redeemed already: \(who) (tx \(earlier))", from: .store, to: nil, transactionId: nil)
            return
        }
        guard switches.isOn(.payments) else {
            link.note("offer code \(code) not redeemed: \(PurchaseError.paymentNotAllowed.explanation)", from: .store, to: nil, transactionId: nil)
            return
        }
        if let waiting = try subscriptionInTheWay(of: product, at: link.now) {
            link.note("offer code \(code) not redeemed: \(account) subscribes to \(waiting.productId) now, and StoreSim redeems a code only for a subscription that starts at once",
                      from: .store, to: nil, transactionId: waiting.id)
            return
        }
        let id = try database.nextTransactionId()
        let record = try charge(StoreRecord(
            id: id, originalId: id, productId: product.id, account: account, state: .purchasing, kind: .purchase,
            charged: false, finished: false, refunded: false, date: link.now, error: nil, receipt: nil),
            offer: AppliedOffer(type: .code, id: offer.id), link: link)
        try database.insert(record)
        try database.setSetting(redeemedKey, record.id.description)
        try deliver(record, link: link)
    }

    /// The account's active subscription of the group that a redemption of `product` would not
    /// replace at once: the same product, or one a change from which waits for the renewal.
    private func subscriptionInTheWay(of product: Product, at now: Date) throws(StorageError) -> StoreRecord? {
        if case .subscribed(let current) = try holding(product.id, account: account, at: now) { return current }
        if let (current, change) = try groupChange(buying: product, account: account, at: now) {
            return change.isImmediate ? nil : current
        }
        return nil
    }

    /// The product and offer a code redeems, its letters matched whatever their case.
    private func offer(code: String) -> (Product, SubscriptionOffer)? {
        for product in catalog.products where !switches.withdrawn.contains(product.id) {
            if let offer = product.offers.first(where: { $0.type == .code && $0.code?.uppercased() == code.uppercased() }) {
                return (product, offer)
            }
        }
        return nil
    }
}
