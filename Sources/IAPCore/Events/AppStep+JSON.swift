extension AppStep: EventJSON {
    /// The step as its Codable conformance writes it, each case's keys in sorted order.
    public func write(to json: inout EventJSONWriter) {
        switch self {
        case .couldNotKeepReceipt(let problem): json.tag("couldNotKeepReceipt") { $0.put("problem", problem) }
        case .savedPendingOrder(let id): json.tag("savedPendingOrder") { $0.put("_0", id) }
        case .couldNotSavePendingOrder(let problem): json.tag("couldNotSavePendingOrder") { $0.put("problem", problem) }
        case .setAsidePendingOrder(let id, let reason): json.tag("setAsidePendingOrder") { $0.put("_0", id); $0.put("_1", reason) }
        case .couldNotSetAsidePendingOrder(let problem): json.tag("couldNotSetAsidePendingOrder") { $0.put("problem", problem) }
        case .removedPendingOrder(let id): json.tag("removedPendingOrder") { $0.put("_0", id) }
        case .couldNotRemovePendingOrder(let problem): json.tag("couldNotRemovePendingOrder") { $0.put("problem", problem) }
        case .subscriptionStatusUnread(let reason): json.tag("subscriptionStatusUnread") { $0.put("reason", reason) }
        case .offerNotSignedByServer(let offerId): json.tag("offerNotSignedByServer") { $0.put("offerId", offerId) }
        case .buyRefused(let refusal): json.tag("buyRefused") { $0.put("_0", refusal) }
        case .verifiedOnDevice(let id): json.tag("verifiedOnDevice") { $0.put("_0", id) }
        case .unverifiedOnDevice(let id, let reason): json.tag("unverifiedOnDevice") { $0.put("_0", id); $0.put("reason", reason) }
        case .revoked(let id, let productId): json.tag("revoked") { $0.put("_0", id); $0.put("productId", productId) }
        case .stoppedBeforeFinishing(let productId): json.tag("stoppedBeforeFinishing") { $0.put("productId", productId) }
        case .powerCut(let lostBytes): json.tag("powerCut") { $0.put("lostBytes", lostBytes) }
        }
    }
}

extension SetAsideReason: EventJSON {
    public func write(to json: inout EventJSONWriter) {
        switch self {
        case .rejected(let status): json.tag("rejected") { $0.put("_0", status) }
        case .refused(let refusal): json.tag("refused") { $0.put("_0", refusal) }
        case .unverified(let status, let reason): json.tag("unverified") { $0.put("_0", status); $0.put("reason", reason) }
        }
    }
}

extension BuyRefusal: EventJSON {
    public func write(to json: inout EventJSONWriter) {
        switch self {
        case .paymentsNotAllowed: json.tag("paymentsNotAllowed")
        case .alreadyInProgress(let productId): json.tag("alreadyInProgress") { $0.put("_0", productId) }
        case .unknownProduct(let productId): json.tag("unknownProduct") { $0.put("_0", productId) }
        case .productsUnavailable(let reason): json.tag("productsUnavailable") { $0.put("_0", reason) }
        }
    }
}
