import Foundation

/// How an introductory offer is given, named as in `catalog.json`.
public enum OfferMode: String, Sendable, CaseIterable {
    /// The offer's period costs nothing.
    case freeTrial
    /// A reduced `price` for each of `periods` periods of `period`.
    case payAsYouGo
    /// A reduced `price` paid once for the whole `period`.
    case payUpFront
}

/// An offer a new subscriber gets before the regular price applies; its terms are also those
/// of a promotional offer, an offer code or a win-back offer (`SubscriptionOffer`).
public struct IntroductoryOffer: Sendable, Equatable {
    public let mode: OfferMode
    /// The free trial's length; for `payAsYouGo` one discounted period; for `payUpFront` the
    /// whole discounted stretch.
    public let period: ISODuration
    /// `payAsYouGo` and `payUpFront` only: the discounted price in the storefront's currency.
    public let price: Decimal?
    /// `payAsYouGo` only: how many periods are discounted.
    public let periods: Int?

    public init(mode: OfferMode, period: ISODuration, price: Decimal? = nil, periods: Int? = nil) {
        self.mode = mode
        self.period = period
        self.price = price
        self.periods = periods
    }
}
