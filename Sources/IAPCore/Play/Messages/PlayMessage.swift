/// A message to or from Google Play, carried as `Message.play`: the Billing Library's calls and
/// callbacks on the device, and the Developer API's calls of the Server. The case fixes sender
/// and receiver.
public enum PlayMessage: Sendable, Equatable, Codable {
    /// `launchBillingFlow`: the app opens Play's purchase sheet for a product.
    case launchBillingFlow(PaymentRequest)
    /// `onPurchasesUpdated(BillingResult, List<Purchase>)`, for the flow launched for `productId`.
    case purchasesUpdated(productId: String, PurchasesUpdated)
    /// `queryPurchasesAsync(INAPP)` and `queryPurchasesAsync(SUBS)`, called together: at launch,
    /// as Google recommends, and for a restore.
    case queryPurchases
    /// What the two `queryPurchasesAsync` return: "Only active subscriptions and non-consumed
    /// one-time purchases are returned."
    case purchasesResult([PlayPurchase])
    /// `acknowledgePurchase` of a purchase token.
    case acknowledgePurchase(token: String, order: PlayOrderID)
    /// `consumeAsync` of a purchase token: consuming acknowledges too.
    case consume(token: String, order: PlayOrderID)
    /// `onAcknowledgePurchaseResponse`.
    case acknowledgeResponse(order: PlayOrderID, BillingResult)
    /// `onConsumeResponse`.
    case consumeResponse(order: PlayOrderID, BillingResult)
    /// The app sends its Server the purchase token (in the request's `receipt`) to verify and credit.
    case verifyPurchase(VerificationRequest)
    /// `purchases.products.get`: the Server asks Play about the token the app sent.
    case productsGet(VerificationRequest)
    /// Play's answer: the `ProductPurchase`, or nil when no purchase has the token (HTTP 400).
    case productPurchase(VerificationRequest, ProductPurchase?)
    /// `purchases.products.acknowledge` by the Server: "If successful, the response body is
    /// empty", so nothing answers it.
    case productsAcknowledge(token: String, order: PlayOrderID)
    /// `purchases.products.consume` by the Server; consuming acknowledges too.
    case productsConsume(token: String, order: PlayOrderID)
    /// A Real-time developer notification, pushed by Pub/Sub to the Server.
    case rtdn(PubSubPush)
    /// The Server's HTTP 200 to a push: Pub/Sub stops redelivering the message.
    case rtdnAcknowledged(messageId: Int64, order: PlayOrderID?)
    /// `purchases.voidedpurchases.list` from `startMillis` (nil: Google's default, 30 days back).
    case voidedPurchasesList(startMillis: Int64?)
    /// The Voided Purchases API's answer.
    case voidedPurchases([VoidedPurchase])
    /// `purchases.subscriptionsv2.get`: the Server asks Play about a subscription's token (in the
    /// request's `receipt`), which the app sent or a notification named.
    case subscriptionsV2Get(VerificationRequest)
    /// Play's answer: the `SubscriptionPurchaseV2`, or nil when no subscription has the token (HTTP 400).
    case subscriptionPurchase(VerificationRequest, SubscriptionPurchaseV2?)
    /// `purchases.subscriptions.acknowledge` by the Server, of the subscription's initial order.
    case subscriptionsAcknowledge(token: String, order: PlayOrderID)

    /// Who sends it.
    public var from: Party {
        switch self {
        case .launchBillingFlow, .queryPurchases, .acknowledgePurchase, .consume, .verifyPurchase: .app
        case .purchasesUpdated, .purchasesResult, .acknowledgeResponse, .consumeResponse, .productPurchase, .rtdn, .voidedPurchases,
             .subscriptionPurchase: .play
        case .productsGet, .productsAcknowledge, .productsConsume, .rtdnAcknowledged, .voidedPurchasesList, .subscriptionsV2Get,
             .subscriptionsAcknowledge: .server
        }
    }

    /// Who receives it.
    public var to: Party {
        switch self {
        case .launchBillingFlow, .queryPurchases, .acknowledgePurchase, .consume, .productsGet, .productsAcknowledge, .productsConsume,
             .rtdnAcknowledged, .voidedPurchasesList, .subscriptionsV2Get, .subscriptionsAcknowledge: .play
        case .purchasesUpdated, .purchasesResult, .acknowledgeResponse, .consumeResponse: .app
        case .verifyPurchase, .productPurchase, .rtdn, .voidedPurchases, .subscriptionPurchase: .server
        }
    }

    /// The order it is about, if any.
    public var subject: MessageSubject? {
        switch self {
        case .acknowledgePurchase(_, let order), .consume(_, let order), .acknowledgeResponse(let order, _),
             .consumeResponse(let order, _), .productsAcknowledge(_, let order), .productsConsume(_, let order),
             .subscriptionsAcknowledge(_, let order):
            .transaction(order.transactionId)
        case .rtdn(let push): push.order.map { .transaction($0.transactionId) }
        case .rtdnAcknowledged(_, let order): order.map { .transaction($0.transactionId) }
        case .purchasesUpdated(_, let updated): updated.purchases.first.map { .transaction($0.orderId.transactionId) }
        case .verifyPurchase(let request), .productsGet(let request), .productPurchase(let request, _), .subscriptionsV2Get(let request),
             .subscriptionPurchase(let request, _):
            request.transactionId.map(MessageSubject.transaction)
        case .launchBillingFlow, .queryPurchases, .purchasesResult, .voidedPurchasesList, .voidedPurchases: nil
        }
    }

    /// Whether, when it never arrives, the app is owed word of it: not for the Server's own
    /// calls and Google Play's pushes, nor for a `purchases.products.get` an RTDN made.
    var answersTheApp: Bool {
        switch self {
        case .productsAcknowledge, .productsConsume, .rtdn, .rtdnAcknowledged, .voidedPurchasesList, .voidedPurchases,
             .subscriptionsAcknowledge: false
        case .productsGet(let request), .productPurchase(let request, _), .subscriptionsV2Get(let request), .subscriptionPurchase(let request, _):
            request.purpose != .notification
        default: true
        }
    }

    /// What the message says, for the timeline.
    public var said: PlaySaid {
        switch self {
        case .launchBillingFlow(let request): .launchBillingFlow(productId: request.productId, offerId: request.offer?.offerId)
        case .purchasesUpdated(_, let updated):
            .purchasesUpdated(updated.purchases.first.map(PlayMention.init), response: updated.billingResult.name)
        case .queryPurchases: .queryPurchases
        case .purchasesResult(let purchases): .purchasesResult(purchases.map(PlayMention.init))
        case .acknowledgePurchase(_, let order): .acknowledgePurchase(order.transactionId)
        case .consume(_, let order): .consume(order.transactionId)
        case .acknowledgeResponse(let order, let result): .acknowledgeResponse(order.transactionId, response: result.responseCode.name)
        case .consumeResponse(let order, let result): .consumeResponse(order.transactionId, response: result.responseCode.name)
        case .verifyPurchase(let request): .verifyPurchase(MessageSubject(request.transactionId), productId: request.productId)
        case .productsGet(let request): .productsGet(MessageSubject(request.transactionId))
        case .productPurchase(let request, let purchase?):
            .productPurchase(MessageSubject(request.transactionId), purchaseState: purchase.purchaseState.rawValue,
                             acknowledgementState: purchase.acknowledgementState.rawValue,
                             consumptionState: purchase.consumptionState.rawValue)
        case .productPurchase(let request, nil): .purchaseTokenNotFound(MessageSubject(request.transactionId))
        case .productsAcknowledge(_, let order): .productsAcknowledge(order.transactionId)
        case .productsConsume(_, let order): .productsConsume(order.transactionId)
        case .rtdn(let push):
            .rtdn(MessageSubject(push.order?.transactionId), type: push.notification.typeName, messageId: push.messageId, attempt: push.attempt)
        case .rtdnAcknowledged(let messageId, let order): .rtdnAcknowledged(MessageSubject(order?.transactionId), messageId: messageId)
        case .voidedPurchasesList(let start): .voidedPurchasesList(startMillis: start)
        case .voidedPurchases(let purchases): .voidedPurchases(purchases.map { $0.orderId.transactionId })
        case .subscriptionsV2Get(let request): .subscriptionsV2Get(MessageSubject(request.transactionId))
        case .subscriptionPurchase(let request, let purchase?):
            .subscriptionPurchase(MessageSubject(request.transactionId), subscriptionState: purchase.subscriptionState.rawValue,
                                  acknowledgementState: purchase.acknowledgementState.rawValue,
                                  expiryMillis: purchase.lineItems.first?.expiryTimeMillis, offerId: purchase.lineItems.first?.offerId,
                                  offerPhase: purchase.lineItems.first?.offerPhase?.rawValue)
        case .subscriptionPurchase(let request, nil): .subscriptionTokenNotFound(MessageSubject(request.transactionId))
        case .subscriptionsAcknowledge(_, let order): .subscriptionsAcknowledge(order.transactionId)
        }
    }
}
