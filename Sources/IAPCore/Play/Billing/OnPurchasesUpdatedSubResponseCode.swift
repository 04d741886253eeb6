/// The Play Billing Library's `BillingClient.OnPurchasesUpdatedSubResponseCode`: "Sub response
/// codes further qualifying errors returned in onPurchasesUpdated." Only the code StoreSim's
/// Play gives is here, with Google's number.
public enum OnPurchasesUpdatedSubResponseCode: Int, Sendable, Codable {
    /// "Returned when the user doesn't meet the configured eligibility requirements for a
    /// subscription offer."
    case userIneligible = 2

    /// The constant's name in Google's reference: `USER_INELIGIBLE`.
    public var name: String { "USER_INELIGIBLE" }
}
