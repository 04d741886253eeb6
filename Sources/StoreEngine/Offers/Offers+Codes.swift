import IAPCore
import Storage

extension Offers {
    /// What an offer code redeems, if the Store takes it: the product, the offer and the setting
    /// that marks it redeemed. A code no product has, one redeemed already (a one-time use code by
    /// anyone, a custom code by this account), or one while payments are off is not taken: the
    /// timeline says why, and nil comes back.
    func redeemable(code: String, link: Link) throws(StorageError) -> (product: Product, offer: SubscriptionOffer, redeemedKey: String)? {
        guard let (product, offer) = offer(code: code) else {
            link.note(.store(.offerCodeInvalid(code: code)), from: .store, to: nil, transactionId: nil)
            return nil
        }
        let redeemedKey = "code-redeemed:\(offer.code ?? offer.id)" + (offer.oneTime ? "" : ":\(account)")
        if let earlier = try database.setting(redeemedKey) {
            link.note(.store(.offerCodeRedeemedAlready(code: code, oneTime: offer.oneTime, earlier: earlier)), from: .store, to: nil,
                      transactionId: nil)
            return nil
        }
        guard switches.isOn(.payments) else {
            link.note(.store(.offerCodeNotRedeemed(code: code, .paymentNotAllowed)), from: .store, to: nil, transactionId: nil)
            return nil
        }
        return (product, offer, redeemedKey)
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
