import Foundation
import IAPCore
import Storage

/// The Server's side of Google Play: Google, "we strongly recommend passing the token to your
/// secure backend server where you can then verify the purchase". It asks
/// `purchases.products.get` about the token the app sent, or a Real-time developer notification
/// named, and credits a PURCHASED purchase once: the credit is keyed by the purchase's order
/// number, which Play derives one for one from its token, so a token is credited once however
/// often it is sent or notified ("verify that each purchase token hasn't been used so your app
/// doesn't grant entitlement multiple times"). When it acknowledges for the app
/// (server-acknowledges), it consumes or acknowledges each purchase it finds credited, Google's
/// recommendation: "if your app has a secure backend, we recommend using
/// Purchases.products:acknowledge to reliably acknowledge purchases".
extension OrderServer {
    /// Handles one Google Play message addressed to the Server.
    func receive(_ message: PlayMessage, link: Link) throws(ServerError) {
        switch message {
        case .verifyPurchase(let request):
            try onDisk { () throws(StorageError) in try knowPlayUser(request.account) }
            let subscription = catalog.type(ofProduct: request.productId) == .autoRenewable
            link.send(.play(subscription ? .subscriptionsV2Get(request) : .productsGet(request)))
        case .productPurchase(let request, let purchase):
            let settled = try onDisk { () throws(StorageError) in try settle(purchase, of: request, at: link.now) }
            report(settled, for: request, link: link)
            acknowledgeOnPlay(purchase, settled, for: request, link: link)
            if let messageId = request.pubSubMessageId {
                link.send(.play(.rtdnAcknowledged(messageId: messageId, order: purchase?.orderId)))
            }
        case .subscriptionPurchase(let request, let purchase):
            try receive(purchase, of: request, link: link)
        case .rtdn(let push):
            try receive(push, link: link)
        case .voidedPurchases(let voided):
            try onDisk { () throws(StorageError) in
                for purchase in voided { try takeBack(purchase.orderId, link: link) }
            }
        default:
            break
        }
    }

    /// A Real-time developer notification. It says only that something changed, so a purchase
    /// is asked about (`purchases.products.get`, a subscription `purchases.subscriptionsv2.get`)
    /// before anything is credited, and acknowledged
    /// once settled; a voided purchase is taken back, and a canceled pending payment changes
    /// nothing. The HTTP 200 goes once the change is made: a notification the Server could not
    /// handle is pushed again.
    private func receive(_ push: PubSubPush, link: Link) throws(ServerError) {
        let acknowledgement = Message.play(.rtdnAcknowledged(messageId: push.messageId, order: push.order))
        switch push.notification.body {
        case .oneTimeProduct(.purchased, let token, let sku):
            link.send(.play(.productsGet(VerificationRequest(
                transactionId: push.order?.transactionId, productId: sku, serverProductId: nil, receipt: token,
                purpose: .notification, pubSubMessageId: push.messageId))))
        case .oneTimeProduct(.canceled, _, _):
            link.send(acknowledgement)
        case .subscription(_, let token):
            link.send(.play(.subscriptionsV2Get(VerificationRequest(
                transactionId: push.order?.transactionId, productId: "", serverProductId: nil, receipt: token,
                purpose: .notification, pubSubMessageId: push.messageId))))
        case .voidedPurchase(_, let orderId):
            try onDisk { () throws(StorageError) in try takeBack(orderId, link: link) }
            link.send(acknowledgement)
        }
    }

    /// Reports what settling a purchase came to: a notification's credit is noted on the
    /// timeline; the app is answered, the credit noted first.
    func report(_ settled: VerificationAnswer, for request: VerificationRequest, link: Link) {
        if request.purpose == .notification {
            if settled.outcome == .credited, let id = settled.transactionId, let grant = settled.grant {
                link.note(.server(.credited(id, grant: grant)), from: .server, to: nil, transactionId: id)
            }
        } else {
            noteCredit(settled, link: link)
            link.send(.verificationAnswered(settled))
        }
    }

    /// Credits the purchase `purchases.products.get` answered, once, to the app's user (the user
    /// the purchase's `obfuscatedExternalAccountId` names, for a notification): refused when Play
    /// knows no purchase by the token, when it is of another product or order than asked, or when
    /// it is not PURCHASED (Canceled: refunded or never paid; Pending: not paid yet).
    private func settle(_ purchase: ProductPurchase?, of request: VerificationRequest,
                        at now: Date) throws(StorageError) -> VerificationAnswer {
        guard let purchase, let product = catalog.product(id: purchase.productId),
              purchase.orderId.transactionId == request.transactionId else {
            return try refuse(request, .notOnReceipt, at: now)
        }
        guard purchase.purchaseState == .purchased else { return try refuse(request, .refunded, at: now) }
        let id = purchase.orderId.transactionId
        var account = request.account
        if account == nil { account = try playUser(purchase.obfuscatedExternalAccountId) }
        let entry = ReceiptEntry(transactionId: id, originalTransactionId: id, productId: purchase.productId,
                                 account: account ?? "", purchaseDate: SimulatedTime.date(millis: purchase.purchaseTimeMillis))
        return try creditOnce(entry, product: product, answering: request.transactionId, at: now)
    }

    /// Consumes (a consumable) or acknowledges (any other product) a purchase credited now or
    /// before, when the Server acknowledges for the app: each time it settles the purchase, so
    /// that a call lost on the way is made again at the next verification or notification. The
    /// Server keeps no list of acknowledgements owed: Play's unacknowledged purchases are that list.
    private func acknowledgeOnPlay(_ purchase: ProductPurchase?, _ answer: VerificationAnswer, for request: VerificationRequest,
                                   link: Link) {
        let acknowledges = request.purpose == .notification ? configuration.acknowledgesPlayPurchases : request.serverFinishes
        guard acknowledges, answer.outcome == .credited || answer.outcome == .alreadyCredited, let purchase else { return }
        if catalog.type(ofProduct: purchase.productId) == .consumable {
            guard purchase.consumptionState == .yetToBeConsumed else { return }
            link.send(.play(.productsConsume(token: purchase.purchaseToken, order: purchase.orderId)))
        } else if purchase.acknowledgementState == .yetToBeAcknowledged {
            link.send(.play(.productsAcknowledge(token: purchase.purchaseToken, order: purchase.orderId)))
        }
    }
}
