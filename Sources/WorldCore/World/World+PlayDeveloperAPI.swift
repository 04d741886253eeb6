import Foundation
import IAPCore
import PlayEngine

/// Google Play's Developer API answered to a team's backend (`storesim serve`): the calls the
/// built-in Server makes in-process (`purchases.products.get`, `…acknowledge`, `…consume`, the
/// Voided Purchases API, `purchases.subscriptionsv2.get`, `purchases.subscriptions.acknowledge`), over HTTP, with Google's JSON and Google's errors. Each call is told on
/// the timeline, made by the outside server, with its HTTP status.
extension World {
    /// The Developer API's access token a served Play world accepts; nil on the App Store.
    public var playAccessToken: String? { play?.accessToken }

    /// Answers one call of the Developer API at the world's now. A call the API does not have is
    /// 404; a package name that is not the app's, Google's `applicationNotFound` (404); a refusal
    /// of Play (an unknown token, a token of another product or subscription than the path names,
    /// a purchase acknowledged already, a `startTime` older than 30 days), Google's HTTP 400
    /// (`PlayRefusal.developerAPIError`). A subscription's calls go through Play's own
    /// (`subscriptionPurchase(token:now:)`, `acknowledge(token:by:now:)`), so the states Play
    /// gives a subscription are answered as Play answers them.
    public func answerPlayAPI(_ request: ServerAPIRequest) throws(WorldError) -> ServerAPIResponse {
        guard let route = PlayAPIRoute.of(method: request.method, path: request.path), play != nil else {
            return try toldCall(.failure(.notFound), call: "\(request.method) \(request.path)", order: nil)
        }
        guard route.packageName == catalog.app.bundleId else {
            return try toldCall(.failure(.applicationNotFound), call: route.name, order: nil)
        }
        switch route {
        case .get(_, let productId, let token):
            let (purchase, refused) = try answering { (play) throws(PlayError) in try Self.purchase(token, of: productId, in: play) }
            return try toldCall(purchase.map { Array($0.jsonText.utf8) }, call: route.name,
                                order: Self.order(purchase) ?? refused?.order?.transactionId, refusal: refused.map(Self.why))
        case .acknowledge(_, let productId, let token), .consume(_, let productId, let token):
            let consume: Bool = if case .consume = route { true } else { false }
            let (changed, refused) = try answering { [now] (play) throws(PlayError) -> ProductPurchase in
                _ = try Self.purchase(token, of: productId, in: play)
                let record = consume ? try play.consume(token: token, by: .server, now: now)
                    : try play.acknowledge(token: token, by: .server, now: now)
                return record.productPurchase
            }
            return try toldCall(changed.map { _ in [] }, call: route.name,
                                order: Self.order(changed) ?? refused?.order?.transactionId, refusal: refused.map(Self.why))
        case .subscriptionGet(_, let token):
            let (purchase, refused) = try answering { [now] (play) throws(PlayError) in try play.subscriptionPurchase(token: token, now: now) }
            return try toldCall(purchase.map { Array($0.jsonText.utf8) }, call: route.name,
                                order: Self.order(purchase) ?? refused?.order?.transactionId, refusal: refused.map(Self.why))
        case .subscriptionAcknowledge(_, let subscriptionId, let token):
            let (acknowledged, refused) = try answering { [now] (play) throws(PlayError) -> TransactionID in
                let purchase = try play.subscriptionPurchase(token: token, now: now)
                guard purchase.lineItems.allSatisfy({ $0.productId == subscriptionId }) else { throw .refused(.tokenNotFound(token)) }
                return try play.acknowledge(token: token, by: .server, now: now).orderId.transactionId
            }
            return try toldCall(acknowledged.map { _ in [] }, call: route.name,
                                order: (try? acknowledged.get()) ?? refused?.order?.transactionId, refusal: refused.map(Self.why))
        case .voidedPurchases:
            switch VoidedPurchasesQuery.read(request) {
            case .failure(let error): return try toldCall(.failure(error), call: route.name, order: nil)
            case .success(let query):
                let (listed, refused) = try answering { [now] (play) throws(PlayError) in
                    try play.voidedPurchases(since: query.start, until: query.end, now: now)
                }
                return try toldCall(listed.map(query.page), call: route.name, order: nil, refusal: refused.map(Self.why))
            }
        }
    }

    /// Tells a call of the Developer API on the timeline: one Play answered with `status`, or one
    /// turned down before it (`refusal`: its token).
    public func recordPlayAPICall(_ call: String, order: TransactionID?, status: Int, refusal: String?) throws(WorldError) {
        try record(.note, from: .server, to: .play, what: .play(.developerAPI(call: call, order: order, status: status, refusal: refusal)),
                   transactionId: order)
    }

    /// The purchase of `token`, refused as an unknown token when it is of another product than the path names.
    private static func purchase(_ token: String, of productId: String, in play: PlayStore) throws(PlayError) -> ProductPurchase {
        let purchase = try play.productPurchase(token: token)
        guard purchase.productId == productId else { throw .refused(.tokenNotFound(token)) }
        return purchase
    }

    /// The answer, told on the timeline with its status (and why it was refused: `refusal`, else
    /// Google's message): a 200 with `body`, or Google's error.
    private func toldCall(_ answer: Result<[UInt8], DeveloperAPIError>, call: String, order: TransactionID?,
                          refusal: String? = nil) throws(WorldError) -> ServerAPIResponse {
        let response: ServerAPIResponse
        var why: String?
        switch answer {
        case .success(let body): response = ServerAPIResponse(status: 200, body: body)
        case .failure(let error):
            response = ServerAPIResponse(status: error.status, body: Array(error.jsonText.utf8))
            why = refusal ?? error.message
        }
        try recordPlayAPICall(call, order: order, status: response.status, refusal: why)
        return response
    }

    /// `work` on Google Play's database: its value, or Play's refusal as Google's HTTP answer with
    /// the order the refusal names; a failure of the file throws.
    private func answering<T>(_ work: (PlayStore) throws(PlayError) -> T)
        throws(WorldError) -> (Result<T, DeveloperAPIError>, PlayRefusal?) {
        guard let play else { return (.failure(.notFound), nil) }
        do {
            return (.success(try work(play)), nil)
        } catch .refused(let refusal) {
            return (.failure(refusal.developerAPIError), refusal)
        } catch {
            throw .file(path: directory.playDatabase, problem: error.problem)
        }
    }

    /// Why Play refused, for the timeline: a token is not repeated there.
    private static func why(_ refusal: PlayRefusal) -> String {
        if case .tokenNotFound = refusal { return "no purchase has the token" }
        return refusal.english
    }

    /// The order of the purchase answered, if one was.
    private static func order(_ purchase: Result<ProductPurchase, DeveloperAPIError>) -> TransactionID? {
        try? purchase.get().orderId.transactionId
    }

    /// The latest order of the subscription answered, if one was and it has a line item (a
    /// PENDING subscription has none).
    private static func order(_ purchase: Result<SubscriptionPurchaseV2, DeveloperAPIError>) -> TransactionID? {
        try? purchase.get().lineItems.first?.latestSuccessfulOrderId.transactionId
    }
}
