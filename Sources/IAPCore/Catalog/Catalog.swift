import Foundation

/// What the Store sells: one storefront and its products in the catalog file's order, and the
/// settings the file gives a new world.
public struct Catalog: Sendable, Equatable {
    public let storefront: Storefront
    /// The products in file order.
    public let products: [Product]
    /// What the file sets beside its products (an Xcode file's `settings`).
    public let settings: CatalogSettings

    public init(storefront: Storefront, products: [Product], settings: CatalogSettings = CatalogSettings()) {
        self.storefront = storefront
        self.products = products
        self.settings = settings
    }

    /// The product with this id, if the catalog has it.
    public func product(id: String) -> Product? {
        products.first { $0.id == id }
    }

    /// The product's price in this catalog's storefront, written for `locale`.
    public func formattedPrice(of product: Product, locale: String) -> String {
        storefront.format(product.price, locale: locale)
    }
}
