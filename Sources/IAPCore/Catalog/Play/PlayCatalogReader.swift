/// Reads a Google Play catalog: one JSON object holding the answers of the Developer API's two
/// list calls, `inappproducts.list` (its `inappproduct` list of one-time products) and
/// `monetization.subscriptions.list` (its `subscriptions` list), as a team saves them, with an
/// optional top-level `storesim` object (`storefront`, default `USA`, and `app`, as in
/// `catalog.json`). Keys StoreSim does not use (`kind`, `packageName`, `benefits`,
/// `gracePeriodDuration`, …) are tolerated and listed in the reading's notes; a missing
/// `productId` or `sku`, a repeated id or `basePlanId`, an id Google would refuse, a bad
/// `billingPeriodDuration` or a price in another currency are errors naming their JSON path.
///
/// The catalog keeps `catalog.json`'s order of kinds: the one-time products that are not
/// non-renewing, then the subscriptions' base plans, then the non-renewing ones.
enum PlayCatalogReader {
    /// The list members of the two calls' answers, one of which marks a Play catalog.
    static let lists = ["inappproduct", "subscriptions"]

    /// Whether `json` is a Play catalog: a top-level object without StoreSim's `storefront`,
    /// with the `inappproduct` or `subscriptions` list.
    static func recognises(_ json: CatalogJSON) -> Bool {
        guard case .object(let members) = json, !members.contains(where: { $0.key == "storefront" }) else { return false }
        return members.contains { lists.contains($0.key) }
    }

    static func read(_ json: CatalogJSON) throws(CatalogIssue) -> CatalogReading {
        let root = try CatalogObject(json, at: .root)
        var notes = CatalogNotes()
        notes.ignoreOthers(in: root, known: lists + ["storesim"])
        let extras = try root.optional("storesim")?.object(allowedKeys: ["storefront", "app"])
        let storefront = try extras?.optional("storefront").map { field throws(CatalogIssue) in
            let code = try field.string()
            guard let storefront = Storefront.named(code) else {
                throw field.issue("unknown storefront \(LineText.quoted(code)) (expected one of \(Storefront.all.map(\.code).joined(separator: ", ")))")
            }
            return storefront
        } ?? .unitedStates
        var ids: [String: String] = [:]
        var oneTime: [Product] = []
        for entry in try root.optional("inappproduct")?.elements() ?? [] {
            oneTime.append(try PlayInAppProductReader.read(entry, storefront: storefront, ids: &ids, notes: &notes))
        }
        var subscriptions: [Product] = []
        var subscriptionIds: [String: String] = [:]
        for entry in try root.optional("subscriptions")?.elements() ?? [] {
            subscriptions += try PlaySubscriptionReader.read(entry, storefront: storefront, subscriptionIds: &subscriptionIds,
                                                             ids: &ids, notes: &notes)
        }
        let products = oneTime.filter { $0.type != .nonRenewing } + subscriptions + oneTime.filter { $0.type == .nonRenewing }
        guard !products.isEmpty else { throw CatalogIssue(path: .root, problem: "lists no product StoreSim sells: an empty catalog") }
        return CatalogReading(catalog: Catalog(storefront: storefront, products: products,
                                               app: try AppIdentityReader.read(extras?.optional("app"))),
                              format: .play, notes: notes.all, productPaths: ids)
    }

    /// Checks a product's `status` (one-time) or `state` (base plan): Play sells only a product
    /// whose value is one of `values`; StoreSim sells it all the same, and says so.
    static func onSale(_ field: CatalogField?, id: String, values: [String], notes: inout CatalogNotes) throws(CatalogIssue) {
        guard let field else { return }
        let value = try field.string()
        if !values.contains(value) {
            notes.product(id, field.path, "\(value): not for sale on Google Play; StoreSim sells it all the same")
        }
    }

    /// The product's reference name: its `storesim` object's, else its `en_US` title, else its id.
    static func referenceName(_ extras: CatalogObject?, id: String, localizations: [String: Localization]) throws(CatalogIssue) -> String {
        try extras?.optional("referenceName")?.string() ?? localizations[CatalogLocalizationReader.requiredLocale]?.title ?? id
    }
}
