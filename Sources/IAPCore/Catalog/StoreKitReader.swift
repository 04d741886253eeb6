/// Reads an Xcode StoreKit configuration file (`.storekit`), format versions 1 to 5, as Xcode
/// writes it: `products` (consumables, non-consumables), `nonRenewingSubscriptions`,
/// `subscriptionGroups` with their `subscriptions`, and `settings`. Keys StoreSim does not use
/// are tolerated and listed in the reading's notes; malformed JSON, a missing `productID`, a
/// repeated id, an unknown `type` or a bad period are errors naming their JSON path.
enum StoreKitReader {
    static let versions = 1...5
    private static let rootKeys = ["version", "settings", "products", "nonRenewingSubscriptions", "subscriptionGroups", "storesim"]
    /// Keys only an Xcode file has at its top level.
    private static let markers = ["identifier", "nonRenewingSubscriptions", "subscriptionGroups", "settings", "version", "appPolicies"]

    /// Whether `json` is an Xcode file rather than StoreSim's `catalog.json`: a top-level object
    /// without StoreSim's `storefront`, with one of Xcode's top-level keys or a first product
    /// named by `productID`.
    static func recognises(_ json: CatalogJSON) -> Bool {
        guard case .object(let members) = json, !members.contains(where: { $0.key == "storefront" }) else { return false }
        if members.contains(where: { markers.contains($0.key) }) { return true }
        guard case .array(let products)? = members.first(where: { $0.key == "products" })?.value,
              case .object(let first)? = products.first else { return false }
        return first.contains { $0.key == "productID" }
    }

    static func read(_ json: CatalogJSON) throws(CatalogIssue) -> CatalogReading {
        let root = try CatalogObject(json, at: .root)
        var notes = CatalogNotes()
        let version = try readVersion(root.required("version"))
        let (storefront, settings) = try StoreKitSettingsReader.read(root.optional("settings"), notes: &notes)
        var ids: [String: String] = [:]
        var products: [Product] = []
        var groupIdentifiers: [String: String] = [:]
        for (field, section) in try sections(root, groupIdentifiers: &groupIdentifiers, notes: &notes) {
            products.append(try StoreKitProductReader.read(field, in: section, storefront: storefront, ids: &ids, notes: &notes))
        }
        notes.ignoreOthers(in: root, known: rootKeys)
        let app = try AppIdentityReader.read(root.optional("storesim")?.object(allowedKeys: ["app"]).optional("app"))
        return CatalogReading(catalog: Catalog(storefront: storefront, products: products, settings: settings, app: app,
                                               groupIdentifiers: groupIdentifiers),
                              format: .storeKit(major: version.major, minor: version.minor), notes: notes.all, productPaths: ids)
    }

    /// Every product entry with its section, in the order the catalog keeps: `products`, the
    /// groups' `subscriptions`, then `nonRenewingSubscriptions` (Xcode sorts its keys, so the
    /// file's own order says nothing; this is the order of `catalog.json`'s kinds in the
    /// project's catalog, which a conversion keeps).
    private static func sections(_ root: CatalogObject, groupIdentifiers: inout [String: String],
                                 notes: inout CatalogNotes) throws(CatalogIssue) -> [(CatalogField, StoreKitProductReader.Section)] {
        var entries = try (root.optional("products")?.elements() ?? []).map { ($0, StoreKitProductReader.Section.products) }
        var groups: [String: String] = [:]
        for entry in try root.optional("subscriptionGroups")?.elements() ?? [] {
            let group = try entry.object()
            notes.ignoreOthers(in: group, known: ["id", "name", "subscriptions"])
            let nameField = try group.required("name")
            let name = try nameField.string()
            if let first = groups[name] {
                throw nameField.issue("a group named \(LineText.quoted(name)) is already at \(first); StoreSim tells groups apart by name")
            }
            groups[name] = entry.path.description
            if let id = group.optional("id"), !id.isNull { groupIdentifiers[name] = try id.identifier() }
            entries += try group.required("subscriptions").elements().map { ($0, .subscriptions(group: name)) }
        }
        entries += try (root.optional("nonRenewingSubscriptions")?.elements() ?? []).map { ($0, .nonRenewingSubscriptions) }
        return entries
    }

    /// `version`: `{"major": 1…5, "minor": N}`.
    private static func readVersion(_ field: CatalogField) throws(CatalogIssue) -> (major: Int, minor: Int) {
        let object = try field.object(allowedKeys: ["major", "minor"])
        let majorField = try object.required("major")
        let major = try majorField.integer(in: 0...Int64(Int32.max))
        let minor = try object.required("minor").integer(in: 0...Int64(Int32.max))
        guard versions.contains(Int(major)) else {
            throw majorField.issue("format version \(major).\(minor) is not one StoreSim reads (versions \(versions.lowerBound) to \(versions.upperBound))")
        }
        return (Int(major), Int(minor))
    }
}
