/// One remark on how StoreSim read a catalog file: a key it does not use, a setting and what
/// it does in StoreSim, or how it read something in a product. `storesim catalog check` prints
/// them; only an Xcode file has any, since `catalog.json` refuses what StoreSim does not use.
public struct CatalogNote: Sendable, Equatable {
    /// What the remark is about.
    public enum Kind: Sendable, Equatable {
        /// A key StoreSim does not use, tolerated.
        case ignored
        /// One of the file's settings and what it does in StoreSim.
        case setting
        /// How StoreSim read something in a product.
        case product
        /// A promotional, code or win-back offer read but not offered (it has no offerID).
        case offer
    }

    public let kind: Kind
    /// Where in the file, as a JSON path like `$.products[0].internalID`.
    public let path: String
    /// The product the remark is about, for `product` and `offer` remarks.
    public let productId: String?
    /// The remark, in a few words.
    public let text: String

    public init(kind: Kind, path: String, productId: String? = nil, text: String) {
        self.kind = kind
        self.path = path
        self.productId = productId
        self.text = text
    }
}

/// What a reader has remarked so far, in file order.
struct CatalogNotes {
    private(set) var all: [CatalogNote] = []

    /// Lists every member of `object` whose key is not in `known` as ignored.
    mutating func ignoreOthers(in object: CatalogObject, known: [String]) {
        for (key, field) in object.fields where !known.contains(key) {
            ignore(field)
        }
    }

    /// Lists `field` as ignored.
    mutating func ignore(_ field: CatalogField) {
        all.append(CatalogNote(kind: .ignored, path: field.path.description, text: "not used by StoreSim"))
    }

    mutating func setting(_ path: CatalogPath, _ text: String) {
        all.append(CatalogNote(kind: .setting, path: path.description, text: text))
    }

    mutating func product(_ id: String, _ path: CatalogPath, _ text: String) {
        all.append(CatalogNote(kind: .product, path: path.description, productId: id, text: text))
    }

    mutating func offer(_ id: String, _ path: CatalogPath, _ text: String) {
        all.append(CatalogNote(kind: .offer, path: path.description, productId: id, text: text))
    }
}
