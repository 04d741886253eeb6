import IAPCore

extension PurchaseService {
    /// The user taps an offer: a win-back offer, or any offer on Google Play (`launchBillingFlow`
    /// with its `offerToken`), is bought at once (it needs no signature); for any other the app
    /// first asks its Server to sign it, and buys when the signature comes.
    public func buy(productId: String, offerId: String, canMakePayments: Bool) throws(AppCrash) -> BuyRefusal? {
        guard storeKit.signsOffers, catalog.product(id: productId)?.offer(.winBack, id: offerId) == nil else {
            return try buy(productId: productId, answer: .confirm, canMakePayments: canMakePayments,
                           offer: OfferRedemption(offerId: offerId, signature: nil))
        }
        guard canMakePayments else { return .paymentsNotAllowed }
        link.send(.signOffer(OfferSignatureRequest(productId: productId, offerId: offerId)))
        return nil
    }

    /// The user redeems an offer code in the app's redemption sheet; what it buys comes as a
    /// transaction the app did not ask for.
    public func redeem(code: String) {
        link.send(.redeemOfferCode(code: code))
    }

    /// The Server's signature came: the purchase goes on with it; without one, nothing is bought.
    func offerSigned(_ signed: SignedOffer) throws(AppCrash) {
        let request = signed.request
        guard let signature = signed.signature else {
            link.note(.app(.offerNotSignedByServer(offerId: request.offerId)), from: .app, to: .user, transactionId: nil)
            return
        }
        if let refusal = try buy(productId: request.productId, answer: .confirm, canMakePayments: true,
                                 offer: OfferRedemption(offerId: request.offerId, signature: signature)) {
            link.note(.app(.buyRefused(refusal)), from: .app, to: .user, transactionId: nil)
        }
    }
}
