extension StoreStep: EventJSON {
    /// The step as its Codable conformance writes it, each case's keys in sorted order.
    public func write(to json: inout EventJSONWriter) {
        switch self {
        case .offerCodeInvalid(let code): json.tag("offerCodeInvalid") { $0.put("code", code) }
        case .offerCodeRedeemedAlready(let code, let oneTime, let earlier):
            json.tag("offerCodeRedeemedAlready") { $0.put("code", code); $0.put("earlier", earlier); $0.put("oneTime", oneTime) }
        case .offerCodeNotRedeemed(let code, let error): json.tag("offerCodeNotRedeemed") { $0.put("_1", error); $0.put("code", code) }
        case .offerCodeInBillingRetry(let code, let productId):
            json.tag("offerCodeInBillingRetry") { $0.put("code", code); $0.put("productId", productId) }
        case .inBillingRetry(let productId): json.tag("inBillingRetry") { $0.put("productId", productId) }
        case .offerCharged(let offer, let productId, let price): json.tag("offerCharged") { $0.offerPrice(offer, price, productId) }
        case .offerRenews(let offer, let productId, let price): json.tag("offerRenews") { $0.offerPrice(offer, price, productId) }
        case .offerAtRenewal(let offer): json.tag("offerAtRenewal") { $0.put("offer", offer) }
        case .chargedIncreasedPrice(let productId, let id, let price):
            json.tag("chargedIncreasedPrice") { $0.put("_1", id); $0.put("price", price); $0.put("productId", productId) }
        case .sandboxRenewalLimit(let productId, let renewals):
            json.tag("sandboxRenewalLimit") { $0.put("productId", productId); $0.put("renewals", renewals) }
        case .billingRecovered(let productId): json.tag("billingRecovered") { $0.put("productId", productId) }
        case .billingRetry(let productId, let graceUntil): json.tag("billingRetry") { $0.put("graceUntil", graceUntil); $0.put("productId", productId) }
        case .billingExpired(let productId, let days): json.tag("billingExpired") { $0.put("days", days); $0.put("productId", productId) }
        case .priceIncreaseAsked(let productId, let price, let account, let renewal):
            json.tag("priceIncreaseAsked") { $0.put("account", account); $0.put("price", price); $0.put("productId", productId); $0.put("renewal", renewal) }
        case .expiredAfterPriceIncrease(let productId, let declined):
            json.tag("expiredAfterPriceIncrease") { $0.put("declined", declined); $0.put("productId", productId) }
        case .expiredNowAutoRenewOff(let productId): json.tag("expiredNowAutoRenewOff") { $0.put("productId", productId) }
        case .expiredNowSandboxCap(let productId, let limit): json.tag("expiredNowSandboxCap") { $0.put("limit", limit); $0.put("productId", productId) }
        case .alreadyPurchased(let productId, let id): json.tag("alreadyPurchased") { $0.put("_1", id); $0.put("productId", productId) }
        case .alreadySubscribed(let productId, let until): json.tag("alreadySubscribed") { $0.put("productId", productId); $0.put("until", until) }
        case .waitingChangeCancelled(let productId): json.tag("waitingChangeCancelled") { $0.put("productId", productId) }
        case .autoRenewOnAgain: json.tag("autoRenewOnAgain")
        case .planChangedNow(let change, let productId, let replaced, let refund, let id):
            json.tag("planChangedNow") {
                $0.put("_0", change); $0.put("_4", id); $0.put("productId", productId); $0.put("refund", refund); $0.put("replaced", replaced)
            }
        case .planChangesAtRenewal(let change, let productId, let renewsAs, let on):
            json.tag("planChangesAtRenewal") { $0.put("_0", change); $0.put("on", on); $0.put("productId", productId); $0.put("renewsAs", renewsAs) }
        case .renewsAsAtNextRenewal(let productId, let until, let renewsAs):
            json.tag("renewsAsAtNextRenewal") { $0.put("productId", productId); $0.put("renewsAs", renewsAs); $0.put("until", until) }
        case .familyShared(let account, let productId, let id):
            json.tag("familyShared") { $0.put("_2", id); $0.put("account", account); $0.put("productId", productId) }
        case .boughtWhileShared(let account, let productId, let shared):
            json.tag("boughtWhileShared") { $0.put("account", account); $0.put("productId", productId); $0.put("shared", shared) }
        case .familyRevoked(let account, let productId, let id):
            json.tag("familyRevoked") { $0.put("_2", id); $0.put("account", account); $0.put("productId", productId) }
        case .refundedRest(let id, let rest, let prorated): json.tag("refundedRest") { $0.put("_0", id); $0.put("prorated", prorated); $0.put("rest", rest) }
        case .serverAPI(let method, let path, let status, let refusal):
            json.tag("serverAPI") { $0.put("method", method); $0.put("path", path); $0.put("refusal", refusal); $0.put("status", status) }
        }
    }
}

extension EventJSONWriter {
    /// The values of an offer's price for a product.
    fileprivate mutating func offerPrice(_ offer: AppliedOffer, _ price: String, _ productId: String) {
        put("offer", offer)
        put("price", price)
        put("productId", productId)
    }
}
