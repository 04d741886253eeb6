import Foundation

/// What the Store sells: one storefront and its products in the catalog file's order, and the
/// settings the file gives a new world.
public struct Catalog: Sendable, Equatable {
    public let storefront: Storefront
    /// The products in file order.
    public let products: [Product]
    /// What the file sets beside its products (an Xcode file's `settings`).
    public let settings: CatalogSettings
    /// The app the products are sold in.
    public let app: AppIdentity
    /// The subscription groups' identifiers an Xcode file gives (`subscriptionGroups[].id`), by
    /// group name.
    public let groupIdentifiers: [String: String]
    /// Where each id first appears in `products`, so that a lookup costs the same in a catalog
    /// of 5,000 products as in one of 6.
    private let positions: [String: Int]
    /// The products of each type in file order, so that the Store's per-view questions about
    /// subscriptions do not walk every consumable of a big catalog.
    private let byType: [ProductType: [Product]]

    public init(storefront: Storefront, products: [Product], settings: CatalogSettings = CatalogSettings(),
                app: AppIdentity = .standard, groupIdentifiers: [String: String] = [:]) {
        self.storefront = storefront
        self.products = products
        self.settings = settings
        self.app = app
        self.groupIdentifiers = groupIdentifiers
        positions = Dictionary(products.enumerated().map { ($0.element.id, $0.offset) }) { first, _ in first }
        byType = Dictionary(grouping: products, by: \.type)
    }

    public static func == (left: Catalog, right: Catalog) -> Bool {
        left.storefront == right.storefront && left.products == right.products && left.settings == right.settings
            && left.app == right.app && left.groupIdentifiers == right.groupIdentifiers
    }

    /// Apple's `subscriptionGroupIdentifier` of the group named `name`: the Xcode file's id, else
    /// an eight-digit number made from the name, the same in every run, as Apple's are numbers.
    public func subscriptionGroupIdentifier(_ name: String) -> String {
        groupIdentifiers[name] ?? String(20_000_000 + StableHash.of("group " + name) % 10_000_000)
    }

    /// The product with this id, if the catalog has it.
    public func product(id: String) -> Product? {
        position(of: id).map { products[$0] }
    }

    /// The type of the product with this id, if the catalog has it, with no copy of the product
    /// made: what a check of each purchase a long receipt lists asks.
    public func type(ofProduct id: String) -> ProductType? {
        position(of: id).map { products[$0].type }
    }

    /// Where the id first appears in `products`: found by comparing ids in a small catalog (the
    /// built-in one has 6), where that costs less than hashing the id, else through the index.
    /// Both compare as `String` does, so an id spelled with a combining accent finds the product
    /// whose id has the accented letter (their UTF-8 differs, so their byte counts may too).
    private func position(of id: String) -> Int? {
        guard products.count <= Self.comparedProducts else { return positions[id] }
        return products.firstIndex { $0.id == id }
    }

    /// The most products a lookup compares one by one.
    private static let comparedProducts = 12

    /// The products of one type, in file order.
    public func products(ofType type: ProductType) -> [Product] {
        byType[type] ?? []
    }

    /// The product's price in this catalog's storefront, written for `locale`.
    public func formattedPrice(of product: Product, locale: String) -> String {
        storefront.format(product.price, locale: locale)
    }
}
