/// A step the Store takes on its own, as the timeline tells it: what it charged and at what
/// price, a renewal it could not charge, a plan change, a share with the family, and a payment
/// or offer code it turned down (prices and dates as the Store writes them).
public enum StoreStep: Sendable, Equatable, Codable {
    case offerCodeInvalid(code: String)
    /// A code redeemed already: a one-time use code by anyone, a custom code by this account.
    case offerCodeRedeemedAlready(code: String, oneTime: Bool, earlier: String)
    case offerCodeNotRedeemed(code: String, PurchaseError)
    case offerCodeInBillingRetry(code: String, productId: String)
    /// A payment refused while the group's subscription is in billing retry.
    case inBillingRetry(productId: String)
    case offerCharged(offer: AppliedOffer, productId: String, price: String)
    case offerRenews(offer: AppliedOffer, productId: String, price: String)
    case offerAtRenewal(offer: AppliedOffer)
    case chargedIncreasedPrice(productId: String, TransactionID, price: String)
    case sandboxRenewalLimit(productId: String, renewals: Int)
    case billingRecovered(productId: String)
    case billingRetry(productId: String, graceUntil: String?)
    case billingExpired(productId: String, days: Int)
    case priceIncreaseAsked(productId: String, price: String, account: String, renewal: String)
    case expiredAfterPriceIncrease(productId: String, declined: Bool)
    case expiredNowAutoRenewOff(productId: String)
    case expiredNowSandboxCap(productId: String, limit: Int)
    case alreadyPurchased(productId: String, TransactionID)
    case alreadySubscribed(productId: String, until: String)
    case waitingChangeCancelled(productId: String)
    case autoRenewOnAgain
    /// A plan replaced at once, with the prorated refund of the one it replaces.
    case planChangedNow(PlanChange, productId: String, replaced: String, refund: String, TransactionID)
    /// A plan that changes at the renewal of the current one.
    case planChangesAtRenewal(PlanChange, productId: String, renewsAs: String, on: String)
    /// Another plan of the group keeps running and renews as this one.
    case renewsAsAtNextRenewal(productId: String, until: String, renewsAs: String)
    case familyShared(account: String, productId: String, TransactionID)
    case boughtWhileShared(account: String, productId: String, shared: TransactionID)
    case familyRevoked(account: String, productId: String, TransactionID)
    /// A refund after a prorated one: what was left of the transaction's charge.
    case refundedRest(TransactionID, rest: String, prorated: String)
    /// A backend's call of the App Store Server API (`storesim serve`) and the HTTP status it was
    /// answered with; `refusal` says why a call was turned down before the Store saw it (its token).
    case serverAPI(method: String, path: String, status: Int, refusal: String?)

    /// The step in English.
    public var english: String {
        switch self {
        case .offerCodeInvalid(let code): "offer code \(code) is not valid"
        case .offerCodeRedeemedAlready(let code, let oneTime, let earlier):
            "offer code \(code) redeemed already: \(oneTime ? "a one-time use code redeems once" : "an account redeems a code once") (tx \(earlier))"
        case .offerCodeNotRedeemed(let code, let error): "offer code \(code) not redeemed: \(error.explanation)"
        case .offerCodeInBillingRetry(let code, let productId): "offer code \(code) not redeemed: \(Self.inBillingRetry(productId: productId).english)"
        case .inBillingRetry(let productId):
            "\(productId) is in billing retry: no new subscription of its group until the billing problem is solved; nothing charged"
        case .offerCharged(let offer, let productId, let price): "\(offer.text): \(productId) charged \(price)"
        case .offerRenews(let offer, let productId, let price): "\(offer.text): \(productId) renews at \(price)"
        case .offerAtRenewal(let offer): "\(offer.text) applies at the renewal"
        case .chargedIncreasedPrice(let productId, let id, let price): "\(productId) tx \(id) charged \(price), its increased price"
        case .sandboxRenewalLimit(let productId, let renewals):
            "the sandbox renewed \(productId) \(renewals) times, the most it renews: it ends with this period"
        case .billingRecovered(let productId): "billing retry of \(productId) succeeded: renewed"
        case .billingRetry(let productId, let until):
            "renewal of \(productId) could not be charged: billing retry" + (until.map { ", grace period until \($0)" } ?? "")
        case .billingExpired(let productId, let days): "billing retry of \(productId) ended after \(days) days: expired"
        case .priceIncreaseAsked(let productId, let price, let account, let renewal):
            "price increase of \(productId) to \(price): \(account) is asked to consent before the renewal on \(renewal)"
        case .expiredAfterPriceIncrease(let productId, let declined):
            "\(productId) expired at the end of its period: the subscriber \(declined ? "declined" : "did not answer") the price increase (expiration intent 3)"
        case .expiredNowAutoRenewOff(let productId): "\(productId) expired now: its auto-renew is off"
        case .expiredNowSandboxCap(let productId, let limit): "\(productId) expired now: the sandbox renews a subscription at most \(limit) times"
        case .alreadyPurchased(let productId, let id): "already purchased: \(productId) (tx \(id)); nothing charged"
        case .alreadySubscribed(let productId, let until): "already subscribed: \(productId) is active until \(until); nothing charged"
        case .waitingChangeCancelled(let productId): "the change to \(productId) waiting for the renewal is cancelled"
        case .autoRenewOnAgain: "auto-renew is on again"
        case .planChangedNow(let change, let productId, let replaced, let refund, let id):
            "\(change.rawValue): \(productId) replaces \(replaced) at once; prorated refund \(refund) for tx \(id)"
        case .planChangesAtRenewal(let change, let productId, let renewsAs, let on): "\(change.rawValue): \(productId) renews as \(renewsAs) on \(on)"
        case .renewsAsAtNextRenewal(let productId, let until, let renewsAs):
            "\(productId) runs until \(until) and renews as \(renewsAs) then; nothing charged now"
        case .familyShared(let account, let productId, let id): "Family Sharing: \(account) gets \(productId) (tx \(id), FAMILY_SHARED)"
        case .boughtWhileShared(let account, let productId, let shared):
            "\(account) already has \(productId) through Family Sharing (tx \(shared), FAMILY_SHARED): this purchase is their own (PURCHASED) and is charged"
        case .familyRevoked(let account, let productId, let id): "Family Sharing: \(account) no longer gets \(productId) (tx \(id) revoked)"
        case .refundedRest(let id, let rest, let prorated):
            "refund of tx \(id): \(rest), what was left of its charge after its prorated refund of \(prorated)"
        case .serverAPI(let method, let path, let status, let refusal):
            "App Store Server API: \(method) \(path) → \(status)" + (refusal.map { " (\($0))" } ?? "")
        }
    }
}
