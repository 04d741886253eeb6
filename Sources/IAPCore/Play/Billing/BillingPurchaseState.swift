/// The Play Billing Library's `Purchase.PurchaseState`, as the device sees a purchase. Google:
/// "PURCHASED = 1 Purchase is completed." "PENDING = 2 Purchase is pending and not yet completed
/// to be processed by your app." The Developer API numbers its states otherwise
/// (`ProductPurchaseState`); the two are never converted by number.
public enum BillingPurchaseState: Int, Sendable, Codable {
    case purchased = 1
    case pending = 2

    /// The constant's name in Google's reference.
    public var name: String {
        switch self {
        case .purchased: return "PURCHASED"
        case .pending: return "PENDING"
        }
    }
}
