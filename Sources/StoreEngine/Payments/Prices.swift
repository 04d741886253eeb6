import Foundation
import IAPCore
import Storage

/// What the Store asks and charges: the catalog's prices, those a price increase raised, the price
/// each transaction was charged (its offer's, a kept increased price, else the catalog's), and how
/// the timeline writes a price. It keeps nothing in memory.
struct Prices: StoreService {
    static let pricePrefix = "store-price:"
    static let consentPrefix = "price-consent:"
    static let chargedPrefix = "charged-price:"

    let context: StoreContext
    let applied: AppliedOffers

    /// The price the Store asks for a product now: the catalog's, or the one a price increase set.
    func currentPrice(_ productId: String) throws(StorageError) -> Decimal? {
        if let raised = try database.setting(Self.pricePrefix + productId).flatMap({ Decimal(string: $0) }) { return raised }
        return catalog.product(id: productId)?.price
    }

    /// What a transaction charged (`Store.chargedPrice(of:offer:kept:catalog:)`).
    func chargedPrice(_ record: StoreRecord) throws(StorageError) -> Decimal {
        let kept = try database.setting(Self.chargedPrefix + record.id.description).flatMap { Decimal(string: $0) }
        return Store.chargedPrice(of: record, offer: applied.offer(of: record), kept: kept, catalog: catalog)
    }

    /// What `record` was charged, in the storefront's currency, for the timeline.
    func priceText(of record: StoreRecord) throws(StorageError) -> String {
        catalog.storefront.format(try chargedPrice(record), locale: "en_US")
    }

    /// Keeps what a new charged transaction pays when a price increase made it differ from the
    /// catalog's price, before it is signed; returns what the timeline is told.
    func recordPrice(of record: StoreRecord) throws(StorageError) -> StoreStep? {
        guard record.charged, record.kind != .trial, let price = try currentPrice(record.productId),
              price != catalog.product(id: record.productId)?.price else { return nil }
        try database.setSetting(Self.chargedPrefix + record.id.description, "\(price)")
        return .chargedIncreasedPrice(productId: record.productId, record.id, price: format(price))
    }

    /// A price as the timeline tells it, with its currency's decimals (`US$1.50`).
    func format(_ price: Decimal) -> String {
        catalog.storefront.format(price, locale: "en")
    }
}
