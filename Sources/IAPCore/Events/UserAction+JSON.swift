extension UserAction: EventJSON {
    /// The action as its Codable conformance writes it, each case's keys in sorted order.
    public func write(to json: inout EventJSONWriter) {
        switch self {
        case .storeSwitch(let name, let value): json.tag("storeSwitch") { $0.put("_0", name); $0.put("value", value) }
        case .storeFails(let error): json.tag("storeFails") { $0.put("_0", error) }
        case .sells(let productId, let on): json.tag("sells") { $0.put("on", on); $0.put("productId", productId) }
        case .deleteTransaction(let id): json.tag("deleteTransaction") { $0.put("_0", id) }
        case .parentApproves(let productId): json.tag("parentApproves") { $0.put("productId", productId) }
        case .parentDeclines(let productId): json.tag("parentDeclines") { $0.put("productId", productId) }
        case .resolve(let productId): json.tag("resolve") { $0.put("productId", productId) }
        case .refundLatest(let productId, let reason): json.tag("refundLatest") { $0.put("_1", reason); $0.put("productId", productId) }
        case .refundTransaction(let id, let reason): json.tag("refundTransaction") { $0.put("_0", id); $0.put("_1", reason) }
        case .reverseRefundLatest(let productId): json.tag("reverseRefundLatest") { $0.put("productId", productId) }
        case .reverseRefundTransaction(let id): json.tag("reverseRefundTransaction") { $0.put("_0", id) }
        case .requestRefundLatest(let productId): json.tag("requestRefundLatest") { $0.put("productId", productId) }
        case .requestRefundTransaction(let id): json.tag("requestRefundTransaction") { $0.put("_0", id) }
        case .declineRefundLatest(let productId): json.tag("declineRefundLatest") { $0.put("productId", productId) }
        case .declineRefundTransaction(let id): json.tag("declineRefundTransaction") { $0.put("_0", id) }
        case .familyJoins(let account, let family): json.tag("familyJoins") { $0.put("account", account); $0.put("family", family) }
        case .familyLeaves(let account): json.tag("familyLeaves") { $0.put("account", account) }
        case .autoRenew(let productId, let on): json.tag("autoRenew") { $0.put("on", on); $0.put("productId", productId) }
        case .renewNow(let productId): json.tag("renewNow") { $0.put("productId", productId) }
        case .expireNow(let productId): json.tag("expireNow") { $0.put("productId", productId) }
        case .billing(let productId, let fails): json.tag("billing") { $0.put("fails", fails); $0.put("productId", productId) }
        case .raisePrice(let productId, let price): json.tag("raisePrice") { $0.put("price", price); $0.put("productId", productId) }
        case .consent(let productId, let agrees): json.tag("consent") { $0.put("agrees", agrees); $0.put("productId", productId) }
        case .pastPurchasesRecorded(let count, let productId):
            json.tag("pastPurchasesRecorded") { $0.put("_0", count); $0.put("productId", productId) }
        case .pendingPurchasesRecorded(let count, let productId):
            json.tag("pendingPurchasesRecorded") { $0.put("_0", count); $0.put("productId", productId) }
        case .catalogSettings(let settings): json.tag("catalogSettings") { $0.put("_0", settings) }
        case .network(let online): json.tag("network") { $0.put("online", online) }
        case .server(let state): json.tag("server") { $0.put("_0", state) }
        case .strategy(let strategy): json.tag("strategy") { $0.put("_0", strategy) }
        case .api(let api): json.tag("api") { $0.put("_0", api) }
        case .serverNotifications(let on): json.tag("serverNotifications") { $0.put("on", on) }
        case .notificationsURL(let url): json.tag("notificationsURL") { $0.put("url", url) }
        case .clockAdvanced(let date): json.tag("clockAdvanced") { $0.put("to", date) }
        case .fetchHistory: json.tag("fetchHistory")
        case .requestTestNotification: json.tag("requestTestNotification")
        case .askTestNotificationStatus: json.tag("askTestNotificationStatus")
        case .extendRenewalDate(let productId, let days):
            json.tag("extendRenewalDate") { $0.put("days", days); $0.put("productId", productId) }
        case .serverDisk(let full): json.tag("serverDisk") { $0.put("full", full) }
        case .sharedSecret(let right): json.tag("sharedSecret") { $0.put("right", right) }
        case .verifyMethod(let post): json.tag("verifyMethod") { $0.put("post", post) }
        case .verifyFirst(let environment): json.tag("verifyFirst") { $0.put("_0", environment) }
        case .forgeTamper(let id): json.tag("forgeTamper") { $0.put("_0", id) }
        case .forgeReplay(let id): json.tag("forgeReplay") { $0.put("_0", id) }
        case .forgeJWS(let id): json.tag("forgeJWS") { $0.put("_0", id) }
        case .forgeCachedReceipt(let id): json.tag("forgeCachedReceipt") { $0.put("_0", id) }
        case .forgeCachedProduct(let id, let productId): json.tag("forgeCachedProduct") { $0.put("_0", id); $0.put("productId", productId) }
        case .launch(let strategy, let api): json.tag("launch") { $0.put("_0", strategy); $0.put("_1", api) }
        case .quit: json.tag("quit")
        case .reinstall: json.tag("reinstall")
        case .signedIn(let account): json.tag("signedIn") { $0.put("account", account) }
        case .serverURL(let url): json.tag("serverURL") { $0.put("_0", url) }
        case .deviceDisk(let full): json.tag("deviceDisk") { $0.put("full", full) }
        case .tapBuy(let productId, let answer): json.tag("tapBuy") { $0.put("_1", answer); $0.put("productId", productId) }
        case .tapOffer(let offerId, let productId): json.tag("tapOffer") { $0.put("offerId", offerId); $0.put("productId", productId) }
        case .redeemOfferCode(let code): json.tag("redeemOfferCode") { $0.put("_0", code) }
        case .tapRestore: json.tag("tapRestore")
        case .armCrash(let point, let powerCut): json.tag("armCrash") { $0.put("_0", point); $0.put("powerCut", powerCut) }
        }
    }
}
