import IAPCore
import WorldCore

extension TemporaryFolder {
    /// The folder as a world's data directory.
    public var dataDirectory: DataDirectory {
        DataDirectory(path: path)
    }

    /// Opens the world kept in the folder (a new one the first time, with keys derived from
    /// `seed`, or random ones when it is nil; a new one sells on `store`).
    public func world(catalog: Catalog = BuiltInCatalog.catalog(), seed: UInt64?, store: StoreKind? = nil) throws -> World {
        try World(directory: dataDirectory, catalog: catalog, seed: seed, store: store)
    }
}
