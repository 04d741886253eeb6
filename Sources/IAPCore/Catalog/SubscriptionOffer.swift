import Foundation

/// Which kind of offer a transaction was bought with, numbered as Apple's `offerType`
/// ("The raw value of the winBack offer type is 4").
public enum OfferType: Int, Sendable, CaseIterable, Codable {
    case introductory = 1
    case promotional = 2
    case code = 3
    case winBack = 4

    /// The catalog key of the product's list of offers of this type; nil for the introductory
    /// offer, which is one object.
    public var catalogKey: String? {
        switch self {
        case .introductory: nil
        case .promotional: "promotionalOffers"
        case .code: "offerCodes"
        case .winBack: "winBackOffers"
        }
    }

    /// What the offer is called, for a transcript or a note.
    public var name: String {
        switch self {
        case .introductory: "introductory offer"
        case .promotional: "promotional offer"
        case .code: "offer code"
        case .winBack: "win-back offer"
        }
    }
}

/// A subscription offer other than the introductory one: a promotional offer, an offer code
/// or a win-back offer, with the same terms an introductory offer has.
public struct SubscriptionOffer: Sendable, Equatable {
    public let type: OfferType
    /// The offer's identifier (App Store Connect's offer id, Xcode's `offerID`).
    public let id: String
    /// Offer codes only: what the customer types to redeem it.
    public let code: String?
    /// Offer codes only: a one-time use code redeems once in all; otherwise (a custom code) once
    /// per account.
    public let oneTime: Bool
    public let terms: IntroductoryOffer

    public init(type: OfferType, id: String, code: String? = nil, oneTime: Bool = false, terms: IntroductoryOffer) {
        self.type = type
        self.id = id
        self.code = code
        self.oneTime = oneTime
        self.terms = terms
    }
}

extension Product {
    /// The product's offer of `type` named `id`; nil when it has none.
    public func offer(_ type: OfferType, id: String) -> SubscriptionOffer? {
        offers.first { $0.type == type && $0.id == id }
    }
}

extension IntroductoryOffer {
    /// What one transaction under the offer costs: nothing for a free trial, the offer's price
    /// for a period of a `payAsYouGo` offer or for the whole of a `payUpFront` one.
    public var chargedPrice: Decimal { mode == .freeTrial ? 0 : price ?? 0 }

    /// How many transactions the offer covers: `periods` for `payAsYouGo`, otherwise one.
    public var coveredPeriods: Int { mode == .payAsYouGo ? periods ?? 1 : 1 }

    /// Apple's `offerPeriod`, "the duration of the offer": its period, times the periods a
    /// pay-as-you-go offer covers.
    public var wholePeriod: ISODuration {
        let times = coveredPeriods
        return ISODuration(years: period.years * times, months: period.months * times, weeks: period.weeks * times,
                           days: period.days * times)
    }

    /// Apple's `offerDiscountType`.
    public var discountType: String {
        switch mode {
        case .freeTrial: "FREE_TRIAL"
        case .payAsYouGo: "PAY_AS_YOU_GO"
        case .payUpFront: "PAY_UP_FRONT"
        }
    }
}
