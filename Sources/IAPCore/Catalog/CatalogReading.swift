/// Which of the three catalog formats a file is written in.
public enum CatalogFormat: Sendable, Equatable, CustomStringConvertible {
    /// StoreSim's own `catalog.json`.
    case storeSim
    /// An Xcode StoreKit configuration file, with its format version.
    case storeKit(major: Int, minor: Int)
    /// Google Play's catalog: the Developer API's lists of one-time products and subscriptions.
    case play

    public var description: String {
        switch self {
        case .storeSim: "StoreSim catalog (catalog.json format)"
        case .storeKit(let major, let minor): "Xcode StoreKit configuration file, format version \(major).\(minor)"
        case .play: "Google Play catalog (the Developer API's inappproducts and monetization.subscriptions lists)"
        }
    }
}

/// A catalog file as StoreSim read it: the catalog, its format, the remarks on how it was
/// read, and where each product stands in the file.
public struct CatalogReading: Sendable {
    public let catalog: Catalog
    public let format: CatalogFormat
    /// Keys not used, settings and what they do, how products were read; in file order.
    public let notes: [CatalogNote]
    /// Each product's JSON path in the file, by product id: `$.products[0]`.
    public let productPaths: [String: String]

    /// The remarks on products the file has and the catalog left out (a Play catalog's prepaid
    /// base plan): no product of the catalog carries them.
    public var productsLeftOut: [CatalogNote] {
        let ids = Set(catalog.products.map(\.id))
        return notes.filter { note in note.kind == .product && note.productId.map { !ids.contains($0) } ?? false }
    }

    public init(catalog: Catalog, format: CatalogFormat, notes: [CatalogNote] = [], productPaths: [String: String]) {
        self.catalog = catalog
        self.format = format
        self.notes = notes
        self.productPaths = productPaths
    }
}
