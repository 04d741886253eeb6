import Foundation
import IAPCore

/// A command the Store declines, with what it names: the Store's data is left as it was.
public enum StoreRefusal: Equatable, Sendable {
    /// Auto-renew cannot be turned on: the subscription's period is over (at `expiry`, when known).
    case lapsed(productId: String, expiry: Date?)
    /// No transaction of the Store has this id.
    case noTransaction(TransactionID)
    /// The account has no paid transaction by this id to refund.
    case noPaidTransaction(account: String, TransactionID)
    /// The account has no paid transaction of the product that is not refunded.
    case noPaidPurchase(account: String, productId: String)
    /// The transaction was refunded before.
    case refundedAlready(TransactionID)
    /// The customer asked for a refund of the transaction already; the Store has not decided yet.
    case refundRequestedAlready(TransactionID)
    /// No refund request of the transaction waits for the Store's decision.
    case noRefundRequest(TransactionID)
    /// There is no refund of the transaction to reverse.
    case notRefunded(TransactionID)
    /// The account has no refunded transaction of the product whose refund could be reversed.
    case noRefundedPurchase(account: String, productId: String)
    /// A prorated refund (the price given) paid back all the transaction charged.
    case nothingLeftToRefund(TransactionID, prorated: String)
    /// No interrupted purchase of the product waits to be resolved.
    case noInterruptedPurchase(productId: String)
    /// No Ask to Buy request for the product waits for the parent.
    case noAskToBuyRequest(productId: String)
    /// Past or pending purchases are recorded of consumables only.
    case notAConsumable(productId: String)
    /// The account has no subscription of the product to renew now.
    case noSubscriptionToRenew(account: String, productId: String)
    /// The account's latest period of the subscription was refunded: nothing to renew now.
    case latestPeriodRefunded(account: String, productId: String)
    /// The account's subscription of the product expired at `expiry`: nothing to renew now.
    case periodExpired(account: String, productId: String, expiry: Date)
    /// The subscription is in billing retry: it cannot renew until billing works again.
    case renewalsInBillingRetry(productId: String)
    /// A price increase that is not above the product's price now (`current`, formatted).
    case priceNotAbove(productId: String, current: String)
    /// No price increase of the product waits for the account's consent.
    case noConsentWaiting(productId: String, account: String)
    /// The signed-in account was asked to join its own family.
    case joinsOwnFamily(account: String)
    /// The account never signed in on this Store, so it cannot join a family.
    case unknownAccount(String)
    /// The account is in the signed-in account's family already.
    case inFamilyAlready(account: String, family: String)
    /// The account is in another family, which it must leave first.
    case inAnotherFamily(account: String)
    /// The family has as many members as Family Sharing allows.
    case familyFull(family: String, members: Int)
    /// The account is in no family to leave.
    case notInFamily(account: String)

    /// The refusal in English, as the command line, the transcripts and the timeline tell it.
    public var english: String {
        switch self {
        case .lapsed(let productId, let expiry):
            "\(productId) expired on \(expiry.map(SimulatedTime.format) ?? "") and no longer renews: buy it again to subscribe again"
        case .noTransaction(let id): "the Store has no transaction \(id)"
        case .noPaidTransaction(let account, let id): "\(account) has no paid transaction \(id)"
        case .noPaidPurchase(let account, let productId): "\(account) has no paid transaction of \(productId)"
        case .refundedAlready(let id): "transaction \(id) is refunded already"
        case .refundRequestedAlready(let id): "a refund of transaction \(id) was requested already and waits for the Store's decision"
        case .noRefundRequest(let id): "no refund request of transaction \(id) waits for the Store's decision"
        case .notRefunded(let id): "transaction \(id) is not refunded: there is no refund to reverse"
        case .noRefundedPurchase(let account, let productId): "\(account) has no refunded transaction of \(productId)"
        case .nothingLeftToRefund(let id, let prorated):
            "transaction \(id) has nothing left to refund: its prorated refund of \(prorated) paid back all it charged"
        case .noInterruptedPurchase(let productId): "no interrupted purchase of \(productId) is waiting to be resolved"
        case .noAskToBuyRequest(let productId): "no Ask to Buy request for \(productId) is waiting"
        case .notAConsumable(let productId): "\(productId) is not a consumable in the catalog"
        case .noSubscriptionToRenew(let account, let productId):
            "\(account) has no current period of \(productId) to renew: it has no paid subscription of it"
        case .latestPeriodRefunded(let account, let productId):
            "\(account) has no current period of \(productId) to renew: its latest period was refunded"
        case .periodExpired(let account, let productId, let expiry):
            "\(account) has no current period of \(productId) to renew: it expired on \(SimulatedTime.format(expiry))"
        case .renewalsInBillingRetry(let productId):
            "\(productId) cannot renew now: its renewals cannot be charged (billing retry) until billing works again"
        case .priceNotAbove(let productId, let current): "a price increase of \(productId) must be above its price now, \(current)"
        case .noConsentWaiting(let productId, let account): "no price increase of \(productId) waits for \(account)'s consent"
        case .joinsOwnFamily(let account): "\(account) is the account signed in: an account cannot join its own family"
        case .unknownAccount(let account):
            "no App Store account \(account): sign in to it once (account \(account)) before it joins a family"
        case .inFamilyAlready(let account, let family): "\(account) is in \(family)'s family already"
        case .inAnotherFamily(let account): "\(account) is in another family; it must leave it first"
        case .familyFull(let family, let members): "\(family)'s family has \(members) members, the most Family Sharing allows"
        case .notInFamily(let account): "\(account) is not in a family"
        }
    }
}
