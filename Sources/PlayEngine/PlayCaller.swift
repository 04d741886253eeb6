/// Who acknowledged or consumed a purchase: the app through the Billing Library
/// (`acknowledgePurchase`, `consumeAsync`), or the Server through the Developer API
/// (`purchases.products.acknowledge`, `purchases.products.consume`).
public enum PlayCaller: String, Sendable, CaseIterable {
    case app
    case server
}
