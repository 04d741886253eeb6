/// Why a transaction failed, after StoreKit's `SKError` codes.
public enum PurchaseError: String, Sendable, CaseIterable, Codable {
    case paymentCancelled = "cancelled"
    /// A parent declined the Ask to Buy request.
    case declinedByParent = "declined"
    /// No parent answered the Ask to Buy request within 24 hours.
    case askToBuyExpired = "ask-expired"
    case paymentInvalid = "payment-invalid"
    case paymentNotAllowed = "not-allowed"
    case networkError = "network"
    case interrupted
    /// The offer is not one the product has (`SKError.invalidOfferIdentifier`).
    case invalidOfferIdentifier = "invalid-offer"
    /// The promotional offer's signature is missing or not valid (`SKError.invalidSignature`,
    /// StoreKit 2's `invalidOfferSignature`).
    case invalidSignature = "invalid-signature"
    /// The account may not have the offer (StoreKit 2's `ineligibleForOffer`).
    case ineligibleForOffer = "ineligible-offer"
    /// The App Store is retrying the renewal of the account's subscription of the group (billing
    /// retry): no new subscription of it until the billing problem is solved.
    case billingIssue = "billing-issue"
    case unknown = "unknown"

    /// Words for a transcript or a screen.
    public var explanation: String {
        switch self {
        case .paymentCancelled: return "the user cancelled"
        case .declinedByParent: return "declined by the parent"
        case .askToBuyExpired: return "the Ask to Buy request expired unanswered"
        case .paymentInvalid: return "the payment was invalid"
        case .paymentNotAllowed: return "this device is not allowed to make payments"
        case .networkError: return "a network error"
        case .unknown: return "an unknown error"
        case .interrupted: return "the purchase was interrupted: the user must act before it can go on"
        case .invalidOfferIdentifier: return "the offer identifier is not valid"
        case .invalidSignature: return "the offer's signature is not valid"
        case .ineligibleForOffer: return "the customer is not eligible for the offer"
        case .billingIssue: return "the account has a billing problem to solve first: the App Store is retrying a renewal"
        }
    }
}
