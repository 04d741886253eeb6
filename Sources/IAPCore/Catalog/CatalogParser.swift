import Foundation

/// Turns a catalog file's text into a `Catalog`, or names the first problem in it by JSON
/// path. The file is StoreSim's `catalog.json`, an Xcode StoreKit configuration file or a Google
/// Play catalog, recognised by its content (`StoreKitReader.recognises`,
/// `PlayCatalogReader.recognises`), whatever its name.
public enum CatalogParser {
    /// The largest catalog file StoreSim reads, and so the largest `CatalogWriter` writes: 16 MiB,
    /// room for thousands of products, each in a few languages, in Xcode's more wordy format.
    public static let maxFileSize = 16 << 20

    /// The catalog in `data`; `file` names it in errors.
    public static func parse(_ data: Data, file: String) throws(CatalogError) -> Catalog {
        try read(data, file: file).catalog
    }

    /// The catalog in `data` with its format and the remarks on how it was read; `file` names
    /// it in errors.
    public static func read(_ data: Data, file: String) throws(CatalogError) -> CatalogReading {
        do {
            let json = try CatalogJSONReader.read(data)
            if PlayCatalogReader.recognises(json) { return try PlayCatalogReader.read(json) }
            return StoreKitReader.recognises(json) ? try StoreKitReader.read(json) : try readCatalog(json)
        } catch {
            throw CatalogError(file: file, path: error.path.description, problem: error.problem)
        }
    }

    /// The catalog in the file at `path`. Errors, at path `$`: the file is missing, is a
    /// directory, cannot be read, or is larger than `maxFileSize`; then whatever `parse` finds.
    public static func load(path: String) throws(CatalogError) -> Catalog {
        try parse(read(path: path), file: path)
    }

    /// The bytes of a catalog file, read once (a pipe cannot be read twice), with the checks
    /// `load` makes: it exists, is not a directory, is at most `maxFileSize`.
    public static func read(path: String) throws(CatalogError) -> Data {
        do {
            return try InputFile.read(path: path, limit: maxFileSize)
        } catch {
            let problem: String
            switch error {
            case .missing: problem = "no such file"
            case .directory: problem = "is a directory, not a catalog file"
            case .nothingFrom(let kind): problem = "is \(kind) that gave nothing (nobody writes to it)"
            case .unreadable(let reason): problem = "cannot be read (\(reason))"
            case .tooLarge: problem = "too large to be a catalog (the limit is \(maxFileSize >> 20) MiB)"
            }
            throw CatalogError(file: path, path: CatalogPath.root.description, problem: problem)
        }
    }

    private static func readCatalog(_ json: CatalogJSON) throws(CatalogIssue) -> CatalogReading {
        let root = try CatalogObject(json, at: .root, allowedKeys: ["storefront", "products", "app"])
        let storefrontField = try root.required("storefront")
        let code = try storefrontField.string()
        guard let storefront = Storefront.named(code) else {
            let known = Storefront.all.map(\.code).joined(separator: ", ")
            throw storefrontField.issue("unknown storefront \(LineText.quoted(code)) (expected one of \(known))")
        }
        var products: [Product] = []
        var indexById: [String: Int] = [:]
        for (index, entry) in try root.required("products").array(ifEmpty: "must list at least one product").enumerated() {
            let product = try CatalogProductReader.read(entry, storefront: storefront, indexById: indexById)
            indexById[product.id] = index
            products.append(product)
        }
        let app = try AppIdentityReader.read(root.optional("app"))
        return CatalogReading(catalog: Catalog(storefront: storefront, products: products, app: app), format: .storeSim,
                              productPaths: indexById.mapValues { "$.products[\($0)]" })
    }
}
