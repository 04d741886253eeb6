/// How the App Store took a transaction back, as Apple's `revocationType` says it: "The type of
/// the refund or revocation that applies to the transaction."
public enum RevocationType: String, Sendable, CaseIterable, Codable {
    /// StoreKit's `fullRefund`: "The transaction was fully refunded."
    case refundFull = "REFUND_FULL"
    /// StoreKit's `proratedRefund`: part of the charge was paid back; "If the revocationType is
    /// REFUND_PRORATED, see the revocationPercentage for the prorated percentage."
    case refundProrated = "REFUND_PRORATED"
    /// StoreKit's `familyRevocation`: "The transaction was revoked due to a family sharing revocation."
    case familyRevoke = "FAMILY_REVOKE"

    /// The whole of a transaction in `revocationPercentage`'s milliunits: 100%.
    public static let wholeMilliunits = 100_000
}
