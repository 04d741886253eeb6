import Foundation
import IAPCore
import StoreEngine
import WorldCore

/// The offer a subscription transaction was bought or renewed under, as a face shows it: which
/// offer, which of its periods, and what the transaction was charged under it.
public struct TransactionOffer: Sendable, Equatable {
    public let type: OfferType
    /// The offer's id in the catalog (an offer code's id); nil for the introductory offer.
    public let id: String?
    public let mode: OfferMode
    /// Which of the offer's periods the transaction pays for, of `periods` (more than one only
    /// for a pay-as-you-go offer).
    public let period: Int
    public let periods: Int
    /// What the transaction was charged: nothing for a free trial, the offer's price otherwise.
    public let price: Decimal

    public init(type: OfferType, id: String?, mode: OfferMode, period: Int, periods: Int, price: Decimal) {
        self.type = type
        self.id = id
        self.mode = mode
        self.period = period
        self.periods = periods
        self.price = price
    }

    /// The offer `applied` as `product`'s catalog entry words its terms; nil when the catalog
    /// no longer has it.
    init?(_ applied: AppliedOffer, of product: Product) {
        guard let terms = applied.terms(of: product) else { return nil }
        self.init(type: applied.type, id: applied.id, mode: terms.mode, period: applied.period, periods: terms.coveredPeriods,
                  price: terms.chargedPrice)
    }

    /// True for the introductory offer's free trial (the transaction's kind is `trial`).
    public var isFreeTrial: Bool { type == .introductory && mode == .freeTrial }
}
