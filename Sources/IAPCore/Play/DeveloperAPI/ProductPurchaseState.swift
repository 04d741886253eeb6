/// A `ProductPurchase`'s `purchaseState` in the Developer API. Google: "Possible values are:
/// 0. Purchased 1. Canceled 2. Pending". The Billing Library numbers its states otherwise
/// (`BillingPurchaseState`: 1 purchased, 2 pending); the two are never converted by number.
public enum ProductPurchaseState: Int, Sendable, Codable, EventJSON {
    case purchased = 0
    case canceled = 1
    case pending = 2
}
