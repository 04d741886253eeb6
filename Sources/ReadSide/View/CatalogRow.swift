import Foundation
import IAPCore
import WorldCore

/// One product of the catalog as a face shows it: whether the Store sells it, and what the
/// Server says the user has of it.
public struct CatalogRow: Sendable, Equatable {
    /// What the user has of a product, by the Server's ledger.
    public enum Holding: Sendable, Equatable {
        /// A consumable: how many purchases of it were credited.
        case credited(Int)
        /// Nothing (a non-consumable or subscription not owned).
        case none
        /// Owned for good.
        case owned
        /// The Store refunded the purchase the Server's entitlement rests on, and the Server, not
        /// told yet, still grants it.
        case refundedStillGranted
        /// Owned until a date; `trial` when the period is a free trial.
        case until(Date, trial: Bool)
        /// Owned once, ended now.
        case expired
    }

    public let product: Product
    /// True when the app's product request returned the id as invalid.
    public let invalid: Bool
    public let holding: Holding
    /// For a subscription a change waiting for a renewal will start: when it starts.
    public var startsAt: Date?
    /// For a subscription whose renewal could not be charged: billing retry, with its grace period.
    public var billing: BillingState?
    /// For a subscription whose price rose: the Store's price now, above the catalog's.
    public var raisedPrice: Decimal?
    /// For a subscription the user has whose price rose: where they stand with the increase.
    public var priceConsent: PriceConsent?
    /// For a subscription: the price of the offer it would be bought at now (a paid introductory
    /// offer, a win-back offer), when one applies.
    public var offerPrice: Decimal?
    /// For a subscription the user has now: the offer its current period was bought or renewed
    /// under (a free trial among them), and what it charged.
    public var currentOffer: TransactionOffer?

    public init(product: Product, invalid: Bool, holding: Holding) {
        self.product = product
        self.invalid = invalid
        self.holding = holding
    }
}
