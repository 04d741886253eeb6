/// A catalog as a Google Play catalog (`PlayCatalogReader`'s format): the one-time products in
/// `inappproduct`, each subscription group as a subscription of `subscriptions` with one
/// auto-renewing base plan per product, named as a Play world names them (`PlayBasePlan`), and
/// what Play does not record on each product's `storesim` object, so that the file reads back
/// as the same catalog.
enum PlayCatalogWriter {
    static func document(_ catalog: Catalog) throws(CatalogIssue) -> CatalogJSON {
        let storefront = catalog.storefront
        let plans = PlayBasePlan.plans(of: catalog)
        var order: [String] = []
        var members: [String: [(product: Product, plan: PlayBasePlan)]] = [:]
        for product in catalog.products(ofType: .autoRenewable) {
            guard let plan = plans[product.id] else { continue }
            let group = product.group ?? product.id
            if let other = members[plan.subscriptionId]?.first(where: { ($0.product.group ?? $0.product.id) != group || $0.plan.basePlanId == plan.basePlanId }) {
                throw CatalogIssue(path: .root, problem: """
                    \(other.product.id) and \(product.id) would both be \(other.plan.basePlanId == plan.basePlanId ? "the base plan \(plan.basePlanId) of " : "")\
                    the subscription \(plan.subscriptionId) in Google Play, which tells them apart by these ids alone; nothing written
                    """)
            }
            if members[plan.subscriptionId] == nil { order.append(plan.subscriptionId) }
            members[plan.subscriptionId, default: []].append((product, plan))
        }
        let subscriptions = order.map { subscription($0, plans: members[$0] ?? [], storefront: storefront) }
        var extras: [(key: String, value: CatalogJSON)] = [("storefront", .string(storefront.code))]
        if catalog.app != .standard { extras.append(("app", CatalogJSONWriter.app(catalog.app))) }
        return .object([
            ("inappproduct", .array(catalog.products.filter { $0.type != .autoRenewable }.map { inAppProduct($0, storefront: storefront) })),
            ("subscriptions", .array(subscriptions)), ("storesim", .object(extras)),
        ])
    }

    private static func inAppProduct(_ product: Product, storefront: Storefront) -> CatalogJSON {
        let price = PlayPrice.microsObject(product.price, storefront: storefront)
        var extras: [(key: String, value: CatalogJSON)] = [("type", .string(product.type.rawValue))]
        extras += referenceName(product)
        if product.type == .consumable && product.grant != [product.id: 1] {
            extras.append(("grant", CatalogJSONWriter.grant(product)))
        }
        if let serverProductId = product.serverProductId { extras.append(("serverProductId", .string(serverProductId))) }
        if let duration = product.duration { extras.append(("duration", .string(duration.description))) }
        if let shareable = product.familyShareable { extras.append(("familyShareable", .bool(shareable))) }
        return .object([
            ("sku", .string(product.id)), ("status", .string("active")), ("purchaseType", .string("managedUser")),
            ("defaultPrice", price), ("prices", .object([(storefront.region, price)])),
            ("listings", .object(CatalogLocalizationReader.ordered(product.localizations).map { locale, texts in
                (PlayListingReader.languageCode(locale), .object([("title", .string(texts.title)), ("description", .string(texts.description))]))
            })),
            ("storesim", .object(extras)),
        ])
    }

    /// The subscription `id`: its listings are its first base plan's product's.
    private static func subscription(_ id: String, plans: [(product: Product, plan: PlayBasePlan)], storefront: Storefront) -> CatalogJSON {
        let listings = plans.first?.product.localizations ?? [:]
        var members: [(key: String, value: CatalogJSON)] = [
            ("productId", .string(id)), ("listings", PlayListingReader.written(listings)),
            ("basePlans", .array(plans.map { basePlan($0.product, $0.plan, listings: listings, storefront: storefront) })),
        ]
        if let group = plans.first?.product.group, group != id { members.append(("storesim", .object([("group", .string(group))]))) }
        return .object(members)
    }

    private static func basePlan(_ product: Product, _ plan: PlayBasePlan, listings: [String: Localization], storefront: Storefront) -> CatalogJSON {
        var extras: [(key: String, value: CatalogJSON)] = []
        if product.id != plan.subscriptionId + "." + plan.basePlanId { extras.append(("id", .string(product.id))) }
        extras += referenceName(product)
        if product.localizations != listings { extras.append(("listings", PlayListingReader.written(product.localizations))) }
        if let serverProductId = product.serverProductId { extras.append(("serverProductId", .string(serverProductId))) }
        if let level = product.level { extras.append(("level", .number(String(level)))) }
        if let shareable = product.familyShareable { extras.append(("familyShareable", .bool(shareable))) }
        if let offer = product.introductoryOffer { extras.append(("introductoryOffer", CatalogJSONWriter.introductoryOffer(offer))) }
        extras += CatalogJSONWriter.offerLists(product)
        var members: [(key: String, value: CatalogJSON)] = [
            ("basePlanId", .string(plan.basePlanId)), ("state", .string("ACTIVE")),
            ("autoRenewingBasePlanType", .object([("billingPeriodDuration", .string(plan.billingPeriodDuration.description))])),
            ("regionalConfigs", .array([.object([("regionCode", .string(storefront.region)),
                                                 ("price", PlayPrice.moneyObject(product.price, storefront: storefront))])])),
        ]
        if !extras.isEmpty { members.append(("storesim", .object(extras))) }
        return .object(members)
    }

    /// The reference name, when it is not what the reader takes without one.
    private static func referenceName(_ product: Product) -> [(key: String, value: CatalogJSON)] {
        product.referenceName == (product.localizations[CatalogLocalizationReader.requiredLocale]?.title ?? product.id)
            ? [] : [("referenceName", .string(product.referenceName))]
    }
}
