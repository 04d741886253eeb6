import IAPCore

/// A call Google Play refuses, with what it names; Play's data is left as it was. Each has the
/// answer the app hears from the Billing Library (`billingResult`) and the one the Server hears
/// from the Developer API (`developerAPIError`).
public enum PlayRefusal: Error, Equatable, Sendable {
    /// No purchase has this token.
    case tokenNotFound(String)
    /// No purchase has this order id (nil: a number that is no order id).
    case orderNotFound(PlayOrderID?)
    /// The account holds no paid, unrefunded purchase of the product.
    case nothingToRefund(productId: String)
    /// The purchase is not owned: consumed, voided, canceled, or (to consume) still pending.
    case notOwned(PlayOrderID)
    /// The purchase was acknowledged before.
    case acknowledgedAlready(PlayOrderID)
    /// The purchase is PENDING: Google, "Don't acknowledge it while a purchase is in PENDING state."
    case stillPending(PlayOrderID)
    /// The purchase's payment is not pending: there is nothing to approve or decline.
    case notPending(PlayOrderID)
    /// The purchase was voided before.
    case voidedAlready(PlayOrderID)
    /// The subscription of the order was revoked before, through the refund of `through`.
    case revokedAlready(PlayOrderID, through: PlayOrderID)
    /// The purchase was never paid (pending or canceled): there is nothing to refund.
    case notPaid(PlayOrderID)
    /// The account holds no subscription of the product whose period runs: never bought, expired or revoked.
    case noSubscription(productId: String)
    /// Play no longer sells the product: a subscription of it cannot be restored.
    case notSold(productId: String)
    /// The subscription's auto-renewal is off: it does not renew.
    case autoRenewalOff(PlayOrderID)
    /// The Voided Purchases API's `startTime` is older than 30 days before now (`oldestMillis`).
    case startTimeTooOld(startMillis: Int64, oldestMillis: Int64)

    /// The order the refusal names, if any.
    public var order: PlayOrderID? {
        switch self {
        case .orderNotFound(let order): order
        case .notOwned(let order), .acknowledgedAlready(let order), .stillPending(let order), .notPending(let order),
             .voidedAlready(let order), .notPaid(let order), .autoRenewalOff(let order), .revokedAlready(let order, _): order
        case .tokenNotFound, .nothingToRefund, .startTimeTooOld, .noSubscription, .notSold: nil
        }
    }

    /// The refusal in English, on one line.
    public var english: String {
        switch self {
        case .tokenNotFound(let token): return "no purchase has the token \(token)"
        case .orderNotFound(let order?): return "no purchase has the order id \(order)"
        case .orderNotFound(nil): return "no purchase has that order id: an order id is GPA. and 17 digits"
        case .nothingToRefund(let productId): return "no paid, unrefunded purchase of \(productId) to refund"
        case .notOwned(let order): return "\(order) is not owned (consumed, voided, canceled or pending)"
        case .acknowledgedAlready(let order): return "\(order) was acknowledged already"
        case .stillPending(let order): return "\(order) is pending: it cannot be acknowledged until it is purchased"
        case .notPending(let order): return "\(order) is not pending"
        case .voidedAlready(let order): return "\(order) was voided already"
        case .revokedAlready(let order, let through):
            return "\(order)'s subscription was revoked already, when \(through) was refunded: it has nothing left to refund"
        case .notPaid(let order): return "\(order) was never paid: nothing to refund"
        case .noSubscription(let productId):
            return "no subscription of \(productId) whose period runs (an expired or revoked one is bought again)"
        case .notSold(let productId): return "Google Play no longer sells \(productId)"
        case .autoRenewalOff(let order): return "\(order)'s auto-renewal is off: it does not renew"
        case .startTimeTooOld(let start, let oldest):
            return "startTime \(start) is older than 30 days (the oldest allowed is \(oldest))"
        }
    }

    /// What the Billing Library answers the app. Google, of `onConsumeResponse`:
    /// "ITEM_NOT_OWNED if the user does not currently own the item." Acknowledging twice or
    /// an unknown token, which Google does not document, gives DEVELOPER_ERROR as developers
    /// report it (android/play-billing-samples#337, "Purchase not found for the given token" #251).
    public var billingResult: BillingResult {
        switch self {
        case .notOwned: return BillingResult(.itemNotOwned, debugMessage: "Item is not owned by the user.")
        case .tokenNotFound: return BillingResult(.developerError, debugMessage: "Purchase not found for the given token")
        default: return BillingResult(.developerError, debugMessage: english)
        }
    }

    /// What the Developer API answers the Server: HTTP 400 with Google's reason. Google does not
    /// document them; these are its answers as developers report them: "The product purchase is
    /// not owned by the user." (`productNotOwnedByUser`), "The purchase is not in a valid state to
    /// perform the desired operation." (`invalidPurchaseState`, googleapis/google-api-dotnet-client#1987),
    /// and "Invalid Value" (`invalid`) for a token or a parameter Google does not take.
    public var developerAPIError: DeveloperAPIError {
        switch self {
        case .notOwned:
            return DeveloperAPIError(status: 400, reason: "productNotOwnedByUser", message: "The product purchase is not owned by the user.")
        case .acknowledgedAlready, .stillPending:
            return DeveloperAPIError(status: 400, reason: "invalidPurchaseState",
                                     message: "The purchase is not in a valid state to perform the desired operation.")
        default:
            return DeveloperAPIError(status: 400, reason: "invalid", message: "Invalid Value")
        }
    }
}
