/// What a message to or from Google Play says, as the timeline tells it (`MessageSaid.play`).
public enum PlaySaid: Sendable, Equatable, Codable {
    /// `launchBillingFlow`, with the `offerToken` of the offer `offerId` when the app passes one.
    case launchBillingFlow(productId: String, offerId: String?)
    /// `onPurchasesUpdated`: its response code's name, and the purchase made, if any.
    case purchasesUpdated(PlayMention?, response: String)
    case queryPurchases
    case purchasesResult([PlayMention])
    case acknowledgePurchase(TransactionID)
    case consume(TransactionID)
    case acknowledgeResponse(TransactionID, response: String)
    case consumeResponse(TransactionID, response: String)
    case verifyPurchase(MessageSubject, productId: String)
    case productsGet(MessageSubject)
    /// A `ProductPurchase`'s three states, in the Developer API's numbers.
    case productPurchase(MessageSubject, purchaseState: Int, acknowledgementState: Int, consumptionState: Int)
    /// Play knows no purchase by the token: HTTP 400.
    case purchaseTokenNotFound(MessageSubject)
    case productsAcknowledge(TransactionID)
    case productsConsume(TransactionID)
    /// A Real-time developer notification of Google's `type`, Pub/Sub's message id and which delivery of it.
    case rtdn(MessageSubject, type: String, messageId: Int64, attempt: Int)
    case rtdnAcknowledged(MessageSubject, messageId: Int64)
    /// A push of a Real-time developer notification POSTed to a team's URL (`server notifications
    /// url`): the HTTP status answered, or why none came (`problem`).
    case rtdnPosted(MessageSubject, type: String, messageId: Int64, attempt: Int, url: String, status: Int?, problem: String?)
    case voidedPurchasesList(startMillis: Int64?)
    /// The orders the Voided Purchases API lists.
    case voidedPurchases([TransactionID])
    case subscriptionsV2Get(MessageSubject)
    /// A `SubscriptionPurchaseV2`'s states, in Google's constants, and its line item's expiry,
    /// `offerDetails.offerId` and `offerPhase` (bought with an offer).
    case subscriptionPurchase(MessageSubject, subscriptionState: String, acknowledgementState: String, expiryMillis: Int64?,
                              offerId: String? = nil, offerPhase: String? = nil)
    /// Play knows no subscription by the token: HTTP 400.
    case subscriptionTokenNotFound(MessageSubject)
    case subscriptionsAcknowledge(TransactionID)

    /// The message in English: Google's names for the calls and their answers.
    public var english: String {
        switch self {
        case .launchBillingFlow(let productId, nil): "launchBillingFlow \(productId)"
        case .launchBillingFlow(let productId, let offerId?): "launchBillingFlow \(productId) with the offerToken of the offer \(offerId)"
        case .purchasesUpdated(let purchase?, let response): "onPurchasesUpdated \(response): \(purchase.state) \(purchase.productId) \(Self.order(purchase.order))"
        case .purchasesUpdated(nil, let response): "onPurchasesUpdated \(response)"
        case .queryPurchases: "queryPurchasesAsync INAPP and SUBS"
        case .purchasesResult(let purchases):
            "purchases: \(purchases.count)" + (purchases.isEmpty ? "" : " (" + purchases.map(\.english).joined(separator: "; ") + ")")
        case .acknowledgePurchase(let order): "acknowledgePurchase \(Self.order(order))"
        case .consume(let order): "consumeAsync \(Self.order(order))"
        case .acknowledgeResponse(let order, let response): "onAcknowledgePurchaseResponse \(Self.order(order)): \(response)"
        case .consumeResponse(let order, let response): "onConsumeResponse \(Self.order(order)): \(response)"
        case .verifyPurchase(let subject, let productId): "verify \(Self.order(subject)) (\(productId), purchase token)"
        case .productsGet(let subject): "purchases.products.get \(Self.order(subject))"
        case .productPurchase(let subject, let purchase, let acknowledgement, let consumption):
            "ProductPurchase \(Self.order(subject)): purchaseState \(purchase), acknowledgementState \(acknowledgement), consumptionState \(consumption)"
        case .purchaseTokenNotFound(let subject): "purchases.products.get \(Self.order(subject)): HTTP 400, no purchase has the token"
        case .productsAcknowledge(let order): "purchases.products.acknowledge \(Self.order(order))"
        case .productsConsume(let order): "purchases.products.consume \(Self.order(order))"
        case .rtdn(let subject, let type, let messageId, let attempt):
            "RTDN \(type) \(Self.order(subject)) (Pub/Sub message \(messageId)\(attempt > 1 ? ", delivery \(attempt)" : ""))"
        case .rtdnAcknowledged(let subject, let messageId): "HTTP 200 to Pub/Sub message \(messageId) \(Self.order(subject))"
        case .rtdnPosted(let subject, let type, let messageId, let attempt, let url, let status, let problem):
            PlaySaid.rtdn(subject, type: type, messageId: messageId, attempt: attempt).english + " POSTed to \(url): "
                + (status.map { "HTTP \($0)" } ?? problem ?? "no answer")
        case .voidedPurchasesList(let start?): "purchases.voidedpurchases.list since \(SimulatedTime.format(millis: start))"
        case .voidedPurchasesList(nil): "purchases.voidedpurchases.list (the last 30 days)"
        case .voidedPurchases(let orders): "voided purchases: \(orders.count)" + (orders.isEmpty ? "" : " (" + orders.map(Self.order).joined(separator: ", ") + ")")
        case .subscriptionsV2Get(let subject): "purchases.subscriptionsv2.get \(Self.order(subject))"
        case .subscriptionPurchase(let subject, let state, let acknowledgement, let expiry, let offerId, let phase):
            "SubscriptionPurchaseV2 \(Self.order(subject)): \(state), \(acknowledgement)"
                + (expiry.map { ", expiryTime " + SimulatedTime.format(millis: $0) } ?? "")
                + (offerId.map { ", offer \($0)" } ?? "") + (phase.map { ", offerPhase \($0)" } ?? "")
        case .subscriptionTokenNotFound(let subject): "purchases.subscriptionsv2.get \(Self.order(subject)): HTTP 400, no subscription has the token"
        case .subscriptionsAcknowledge(let order): "purchases.subscriptions.acknowledge \(Self.order(order))"
        }
    }

    /// An order as Google writes it.
    static func order(_ id: TransactionID) -> String {
        StoreKind.play.orderText(id)
    }

    /// The order a subject names, as Google writes it.
    static func order(_ subject: MessageSubject) -> String {
        subject.transactionId.map(order) ?? ""
    }
}

extension PlaySaid: EventJSON {
    /// The message as its Codable conformance writes it, each case's keys in sorted order.
    public func write(to json: inout EventJSONWriter) {
        switch self {
        case .launchBillingFlow(let productId, let offerId):
            json.tag("launchBillingFlow") { $0.put("offerId", offerId); $0.put("productId", productId) }
        case .purchasesUpdated(let purchase, let response): json.tag("purchasesUpdated") { $0.put("_0", purchase); $0.put("response", response) }
        case .queryPurchases: json.tag("queryPurchases")
        case .purchasesResult(let purchases): json.tag("purchasesResult") { $0.put("_0", purchases) }
        case .acknowledgePurchase(let order): json.tag("acknowledgePurchase") { $0.put("_0", order) }
        case .consume(let order): json.tag("consume") { $0.put("_0", order) }
        case .acknowledgeResponse(let order, let response): json.tag("acknowledgeResponse") { $0.put("_0", order); $0.put("response", response) }
        case .consumeResponse(let order, let response): json.tag("consumeResponse") { $0.put("_0", order); $0.put("response", response) }
        case .verifyPurchase(let subject, let productId): json.tag("verifyPurchase") { $0.put("_0", subject); $0.put("productId", productId) }
        case .productsGet(let subject): json.tag("productsGet") { $0.put("_0", subject) }
        case .productPurchase(let subject, let purchase, let acknowledgement, let consumption):
            json.tag("productPurchase") {
                $0.put("_0", subject); $0.put("acknowledgementState", acknowledgement)
                $0.put("consumptionState", consumption); $0.put("purchaseState", purchase)
            }
        case .purchaseTokenNotFound(let subject): json.tag("purchaseTokenNotFound") { $0.put("_0", subject) }
        case .productsAcknowledge(let order): json.tag("productsAcknowledge") { $0.put("_0", order) }
        case .productsConsume(let order): json.tag("productsConsume") { $0.put("_0", order) }
        case .rtdn(let subject, let type, let messageId, let attempt):
            json.tag("rtdn") { $0.put("_0", subject); $0.put("attempt", attempt); $0.put("messageId", messageId); $0.put("type", type) }
        case .rtdnAcknowledged(let subject, let messageId): json.tag("rtdnAcknowledged") { $0.put("_0", subject); $0.put("messageId", messageId) }
        case .rtdnPosted(let subject, let type, let messageId, let attempt, let url, let status, let problem):
            json.tag("rtdnPosted") {
                $0.put("_0", subject); $0.put("attempt", attempt); $0.put("messageId", messageId); $0.put("problem", problem)
                $0.put("status", status.map(Int64.init)); $0.put("type", type); $0.put("url", url)
            }
        case .voidedPurchasesList(let start): json.tag("voidedPurchasesList") { $0.put("startMillis", start) }
        case .voidedPurchases(let orders): json.tag("voidedPurchases") { $0.put("_0", orders) }
        case .subscriptionsV2Get(let subject): json.tag("subscriptionsV2Get") { $0.put("_0", subject) }
        case .subscriptionPurchase(let subject, let state, let acknowledgement, let expiry, let offerId, let phase):
            json.tag("subscriptionPurchase") {
                $0.put("_0", subject); $0.put("acknowledgementState", acknowledgement)
                $0.put("expiryMillis", expiry); $0.put("offerId", offerId); $0.put("offerPhase", phase); $0.put("subscriptionState", state)
            }
        case .subscriptionTokenNotFound(let subject): json.tag("subscriptionTokenNotFound") { $0.put("_0", subject) }
        case .subscriptionsAcknowledge(let order): json.tag("subscriptionsAcknowledge") { $0.put("_0", order) }
        }
    }
}
