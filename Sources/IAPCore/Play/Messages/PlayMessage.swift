/// A message to or from Google Play, carried as `Message.play`: the Billing Library's calls and
/// callbacks on the device, and the Developer API's calls of the Server. The case fixes sender
/// and receiver.
public enum PlayMessage: Sendable, Equatable, Codable {
    /// `launchBillingFlow`: the app opens Play's purchase sheet for a product.
    case launchBillingFlow(PaymentRequest)
    /// `onPurchasesUpdated(BillingResult, List<Purchase>)`, for the flow launched for `productId`.
    case purchasesUpdated(productId: String, PurchasesUpdated)
    /// `queryPurchasesAsync(INAPP)`: at launch, as Google recommends, and for a restore.
    case queryPurchases
    /// What `queryPurchasesAsync` returns: "non-consumed one-time purchases".
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

    /// Who sends it.
    public var from: Party {
        switch self {
        case .launchBillingFlow, .queryPurchases, .acknowledgePurchase, .consume, .verifyPurchase: .app
        case .purchasesUpdated, .purchasesResult, .acknowledgeResponse, .consumeResponse, .productPurchase: .play
        case .productsGet: .server
        }
    }

    /// Who receives it.
    public var to: Party {
        switch self {
        case .launchBillingFlow, .queryPurchases, .acknowledgePurchase, .consume, .productsGet: .play
        case .purchasesUpdated, .purchasesResult, .acknowledgeResponse, .consumeResponse: .app
        case .verifyPurchase, .productPurchase: .server
        }
    }

    /// The order it is about, if any.
    public var subject: MessageSubject? {
        switch self {
        case .acknowledgePurchase(_, let order), .consume(_, let order), .acknowledgeResponse(let order, _),
             .consumeResponse(let order, _):
            .transaction(order.transactionId)
        case .purchasesUpdated(_, let updated): updated.purchases.first.map { .transaction($0.orderId.transactionId) }
        case .verifyPurchase(let request), .productsGet(let request), .productPurchase(let request, _):
            request.transactionId.map(MessageSubject.transaction)
        case .launchBillingFlow, .queryPurchases, .purchasesResult: nil
        }
    }

    /// What the message says, for the timeline.
    public var said: PlaySaid {
        switch self {
        case .launchBillingFlow(let request): .launchBillingFlow(productId: request.productId)
        case .purchasesUpdated(_, let updated):
            .purchasesUpdated(updated.purchases.first.map(PlayMention.init), response: updated.billingResult.responseCode.name)
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
        }
    }
}
