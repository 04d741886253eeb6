import Foundation

/// Reads one entry of the `inappproduct` list (Google's `InAppProduct`: "An in-app product")
/// into a consumable, a non-consumable or a non-renewing subscription.
///
/// Play does not record whether a one-time product is consumed (the app consumes it or not), nor
/// what StoreSim adds: a product's optional `storesim` object holds `type` (`consumable`,
/// `nonConsumable`, the default, or `nonRenewing`, which a Play world sells as a one-time product),
/// `referenceName`, `grant`, `serverProductId`, `duration` and `familyShareable`, with the rules
/// of `catalog.json`.
enum PlayInAppProductReader {
    private static let keys = ["sku", "status", "purchaseType", "defaultPrice", "prices", "listings", "storesim"]
    private static let extrasKeys = ["type", "referenceName", "grant", "serverProductId", "duration", "familyShareable"]
    private static let types: [ProductType] = [.consumable, .nonConsumable, .nonRenewing]

    static func read(_ field: CatalogField, storefront: Storefront, ids: inout [String: String],
                     notes: inout CatalogNotes) throws(CatalogIssue) -> Product {
        let object = try field.object()
        notes.ignoreOthers(in: object, known: keys)
        let skuField = try object.required("sku")
        let id = try skuField.identifier()
        if let first = ids[id] {
            throw skuField.issue("duplicate id \(LineText.quoted(id)), already used by \(first)")
        }
        ids[id] = field.path.description
        try purchaseType(object.optional("purchaseType"))
        try PlayCatalogReader.onSale(object.optional("status"), id: id, values: ["active"], notes: &notes)
        let price = try price(object, at: field, storefront: storefront)
        let localizations = try object.optional("listings").map { listings throws(CatalogIssue) in
            try PlayListingReader.map(listings, storefront: storefront, notes: &notes)
        } ?? [:]
        let extras = try object.optional("storesim")?.object(allowedKeys: extrasKeys)
        let type = try type(extras?.optional("type"), id: id, at: field.path, notes: &notes)
        if type != .consumable { try extras?.forbid("grant", "grant is only for consumables") }
        if type != .nonRenewing { try extras?.forbid("duration", "duration is only for nonRenewing products") }
        let duration = type == .nonRenewing ? try extras?.required("duration").duration() : nil
        let grant = try extras?.optional("grant").map { field throws(CatalogIssue) in try CatalogProductReader.grant(field) }
        if type == .consumable && grant == nil {
            notes.product(id, field.path, "a consumable with no grant: the Server credits one unit of the product itself, +1 \(id)")
        }
        return Product(
            id: id, type: type, referenceName: try PlayCatalogReader.referenceName(extras, id: id, localizations: localizations),
            price: price, localizations: localizations,
            grant: type == .consumable ? grant ?? [id: 1] : [:],
            serverProductId: try extras?.optional("serverProductId")?.string(), duration: duration,
            familyShareable: try extras?.optional("familyShareable")?.bool())
    }

    /// `managedUser`, Google's "The default product type - one time purchase"; a subscription
    /// in this list is the legacy kind, which StoreSim reads from `subscriptions` instead.
    private static func purchaseType(_ field: CatalogField?) throws(CatalogIssue) {
        guard let field else { return }
        let name = try field.string()
        guard name == "managedUser" else {
            throw field.issue(name == "subscription"
                ? "a legacy subscription in inappproducts: StoreSim reads subscriptions from the monetization.subscriptions list (\"subscriptions\")"
                : "unknown purchaseType \(LineText.quoted(name)) (expected managedUser here)")
        }
    }

    /// The price in the storefront's region (`prices`, keyed by region), else `defaultPrice`.
    private static func price(_ object: CatalogObject, at field: CatalogField, storefront: Storefront) throws(CatalogIssue) -> Decimal {
        if let regional = try object.optional("prices")?.object().optional(storefront.region) {
            return try PlayPrice.micros(regional, storefront: storefront)
        }
        guard let price = object.optional("defaultPrice") else {
            throw field.issue("no price: neither prices.\(storefront.region) (the storefront \(storefront.code)'s region) nor defaultPrice")
        }
        return try PlayPrice.micros(price, storefront: storefront)
    }

    private static func type(_ field: CatalogField?, id: String, at path: CatalogPath, notes: inout CatalogNotes) throws(CatalogIssue) -> ProductType {
        guard let field else {
            notes.product(id, path, "Play does not record whether the app consumes a one-time product: read as nonConsumable (\"storesim\": {\"type\": \"consumable\"} says otherwise)")
            return .nonConsumable
        }
        let name = try field.string()
        guard let type = types.first(where: { $0.rawValue == name }) else {
            throw field.issue("unknown type \(LineText.quoted(name)) (expected \(types.map(\.rawValue).joined(separator: ", ")) here)")
        }
        return type
    }
}
