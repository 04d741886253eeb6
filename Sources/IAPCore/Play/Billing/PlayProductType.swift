/// The Billing Library's `BillingClient.ProductType`: Google, "Supported Product types."
public enum PlayProductType: String, Sendable, Codable, CaseIterable {
    /// `INAPP`: "A Product type for Android apps in-app products."
    case inapp
    /// `SUBS`: "A Product type for Android apps subscriptions."
    case subs

    /// The constant's name in Google's reference: `INAPP`, `SUBS`.
    public var name: String { rawValue.uppercased() }
}
