import Foundation

/// Turns `catalog.json` text into a `Catalog`, or names the first problem in it by JSON path.
public enum CatalogParser {
    /// The largest file `load` reads: 1 MiB.
    static let maxFileSize = 1 << 20

    /// The catalog in `data`; `file` names it in errors.
    public static func parse(_ data: Data, file: String) throws(CatalogError) -> Catalog {
        do {
            return try readCatalog(CatalogJSONReader.read(data))
        } catch {
            throw CatalogError(file: file, path: error.path.description, problem: error.problem)
        }
    }

    /// The catalog in the file at `path`. Errors, at path `$`: the file is missing, is a
    /// directory, cannot be read, or is larger than 1 MiB; then whatever `parse` finds.
    public static func load(path: String) throws(CatalogError) -> Catalog {
        try parse(read(path: path), file: path)
    }

    /// The bytes of a catalog file, read once (a pipe cannot be read twice), with the checks
    /// `load` makes: it exists, is not a directory, is at most 1 MiB.
    public static func read(path: String) throws(CatalogError) -> Data {
        func failure(_ problem: String) -> CatalogError {
            CatalogError(file: path, path: CatalogPath.root.description, problem: problem)
        }
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
            throw failure("no such file")
        }
        guard !isDirectory.boolValue else { throw failure("is a directory, not a catalog file") }
        // Opened without blocking, so a named pipe that nobody writes to reads as empty instead
        // of hanging; reads then wait as usual.
        let descriptor = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        guard descriptor >= 0 else { throw failure("cannot be read (\(String(cString: strerror(errno))))") }
        _ = fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) & ~O_NONBLOCK)
        let handle = FileHandle(fileDescriptor: descriptor, closeOnDealloc: true)
        let data: Data
        do {
            data = try handle.read(upToCount: maxFileSize + 1) ?? Data()
        } catch {
            throw failure("cannot be read (\(error.localizedDescription))")
        }
        guard data.count <= maxFileSize else { throw failure("too large to be a catalog (the limit is 1 MiB)") }
        return data
    }

    private static func readCatalog(_ json: CatalogJSON) throws(CatalogIssue) -> Catalog {
        let root = try CatalogObject(json, at: .root, allowedKeys: ["storefront", "products"])
        let storefrontField = try root.required("storefront")
        let code = try storefrontField.string()
        guard let storefront = Storefront.named(code) else {
            let known = Storefront.all.map(\.code).joined(separator: ", ")
            throw storefrontField.issue("unknown storefront \(CatalogText.quoted(code)) (expected one of \(known))")
        }
        var products: [Product] = []
        var indexById: [String: Int] = [:]
        for (index, entry) in try root.required("products").array(ifEmpty: "must list at least one product").enumerated() {
            let product = try CatalogProductReader.read(entry, storefront: storefront, indexById: indexById)
            indexById[product.id] = index
            products.append(product)
        }
        return Catalog(storefront: storefront, products: products)
    }
}
