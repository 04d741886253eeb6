/// Why the App Store does not extend a subscription's renewal date: each is one of Apple's errors
/// of Extend a Subscription Renewal Date. Apple's `SubscriptionExtensionIneligibleError` lists the
/// states not eligible ("Subscriptions in a free offer period", "Inactive subscriptions in a
/// billing retry state", "Subscriptions in a grace period state with an expiration date in the
/// past", "Subscriptions that have already received two renewal date extensions within the past
/// 365 days", "Expired subscriptions"); StoreSim answers the two extensions within 365 days by
/// Apple's own `SubscriptionMaxExtensionError`, which names that limit.
public enum RenewalExtensionRefusal: String, Error, Sendable, Equatable, Codable, CaseIterable {
    /// `extendByDays` is not from 1 to 90.
    case daysOutOfRange
    /// `extendReasonCode` is not from 0 to 3.
    case reasonOutOfRange
    /// The App Store knows no subscription by the original transaction id.
    case notFound
    /// The original transaction id is a family member's share: Apple, "the endpoint doesn't
    /// support requests to extend a family member's subscription directly" (StoreSim answers
    /// `SubscriptionExtensionIneligibleError`; Apple names no error for it).
    case familyMember
    /// The subscription's current period is a free offer (a free trial).
    case freeOfferPeriod
    /// The subscription has no active period: expired, refunded, or in billing retry.
    case notActive
    /// Two extensions within the past 365 days already.
    case twiceWithinAYear

    /// Apple's error, by its name and its code.
    public var appleError: String {
        switch self {
        case .daysOutOfRange: "InvalidExtendByDaysError 4000009"
        case .reasonOutOfRange: "InvalidExtendReasonCodeError 4000010"
        case .notFound: "OriginalTransactionIdNotFoundError 4040005"
        case .familyMember, .freeOfferPeriod, .notActive: "SubscriptionExtensionIneligibleError 4030004"
        case .twiceWithinAYear: "SubscriptionMaxExtensionError 4030005"
        }
    }

    /// Why, in English.
    public var english: String {
        switch self {
        case .daysOutOfRange: "extendByDays is a number from 1 to 90"
        case .reasonOutOfRange: "extendReasonCode is 0, 1, 2 or 3"
        case .notFound: "no subscription has that original transaction id"
        case .familyMember: "a family member's subscription is extended only with the purchaser's"
        case .freeOfferPeriod: "a subscription in a free offer period is not eligible"
        case .notActive: "only an active subscription is eligible (not expired, refunded or in billing retry)"
        case .twiceWithinAYear: "the subscription was extended twice within the past 365 days"
        }
    }
}
