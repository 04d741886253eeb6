/// A JSON path into the catalog, such as `$.products[2].price`.
struct CatalogPath: CustomStringConvertible, Sendable {
    /// `$`, the whole document.
    static let root = CatalogPath(description: "$")

    let description: String

    /// The path of member `key` of the object here; keys that are not plain names are quoted
    /// (`$.products[0]["two words"]`).
    func key(_ key: String) -> CatalogPath {
        let isPlain = !key.isEmpty && key.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "_") }
        guard isPlain else { return CatalogPath(description: description + "[" + LineText.quoted(key) + "]") }
        return CatalogPath(description: description + "." + key)
    }

    /// The path of element `index` of the array here.
    func index(_ index: Int) -> CatalogPath {
        CatalogPath(description: description + "[\(index)]")
    }
}
