import Foundation
import IAPCore

/// Google Play as a party of the world: the messages the app's Billing Library and the Server's
/// Developer API calls send it, each answered with the message Google's interface answers with.
extension PlayStore {
    /// Handles one message addressed to Play, for the device signed into `account`. A call Play
    /// refuses is answered as Google answers it (a response code, HTTP 400), never thrown; only a
    /// failure of `play.sqlite` is.
    public func receive(_ message: PlayMessage, account: String, link: Link) throws(PlayError) {
        switch message {
        case .launchBillingFlow(let request):
            let updated = try launchBillingFlow(productId: request.productId, offerId: request.offer?.offerId, account: account,
                                                obfuscatedAccountId: request.appAccountToken, mode: BillingFlowMode(request.answer),
                                                now: link.now)
            link.send(.play(.purchasesUpdated(productId: request.productId, updated)))
        case .queryPurchases:
            link.send(.play(.purchasesResult(try queryPurchases(account: account, now: link.now))))
        case .acknowledgePurchase(let token, let order):
            let result = try answered { () throws(PlayError) in try acknowledge(token: token, by: .app, now: link.now) }
            link.send(.play(.acknowledgeResponse(order: order, result)))
        case .consume(let token, let order):
            let result = try answered { () throws(PlayError) in try consume(token: token, by: .app, now: link.now) }
            link.send(.play(.consumeResponse(order: order, result)))
        case .productsGet(let request):
            let purchase: ProductPurchase?
            do {
                purchase = try productPurchase(token: request.receipt)
            } catch .refused {
                purchase = nil
            }
            link.send(.play(.productPurchase(request, purchase)))
        case .productsAcknowledge(let token, _):
            // The Server hears nothing back but the HTTP status; a refusal changes nothing.
            _ = try answered { () throws(PlayError) in try acknowledge(token: token, by: .server, now: link.now) }
        case .productsConsume(let token, _):
            _ = try answered { () throws(PlayError) in try consume(token: token, by: .server, now: link.now) }
        case .rtdnAcknowledged(let messageId, _):
            try acknowledgedPush(messageId, at: link.now)
        case .voidedPurchasesList(let start):
            let listed: [VoidedPurchase]
            do {
                listed = try voidedPurchases(since: start.map(SimulatedTime.date(millis:)), until: nil, now: link.now)
            } catch .refused {
                listed = []
            }
            link.send(.play(.voidedPurchases(listed)))
        case .subscriptionsV2Get(let request):
            let purchase: SubscriptionPurchaseV2?
            do {
                purchase = try subscriptionPurchase(token: request.receipt, now: link.now)
            } catch .refused {
                purchase = nil
            }
            link.send(.play(.subscriptionPurchase(request, purchase)))
        case .subscriptionsAcknowledge(let token, _):
            _ = try answered { () throws(PlayError) in try acknowledge(token: token, by: .server, now: link.now) }
        case .purchasesUpdated, .purchasesResult, .acknowledgeResponse, .consumeResponse, .verifyPurchase, .productPurchase, .rtdn,
             .voidedPurchases, .subscriptionPurchase:
            break
        }
    }

    /// The Billing Library's result of a call: OK, or the response code of Play's refusal.
    private func answered(_ call: () throws(PlayError) -> PlayPurchaseRecord) throws(PlayError) -> BillingResult {
        do {
            _ = try call()
            return BillingResult(.ok)
        } catch .refused(let refusal) {
            return refusal.billingResult
        }
    }
}
