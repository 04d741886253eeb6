import Foundation

/// A catalog as an Xcode StoreKit configuration file, format version 4.0, in the shape Xcode
/// writes: products and non-renewing subscriptions at the top, subscriptions in their groups,
/// the settings the catalog has; ids Xcode would make up are derived from the product ids, so
/// the same catalog always gives the same file.
enum StoreKitWriter {
    static let version = (major: 4, minor: 0)

    static func document(_ catalog: Catalog) -> CatalogJSON {
        let products = catalog.products.filter { $0.type == .consumable || $0.type == .nonConsumable }
        let passes = catalog.products.filter { $0.type == .nonRenewing }
        var groupNames: [String] = []
        for product in catalog.products where product.type == .autoRenewable {
            if let group = product.group, !groupNames.contains(group) { groupNames.append(group) }
        }
        let groups: [CatalogJSON] = groupNames.map { name in
            .object([
                ("id", .string(catalog.subscriptionGroupIdentifier(name))), ("localizations", .array([])), ("name", .string(name)),
                ("subscriptions", .array(catalog.products.filter { $0.type == .autoRenewable && $0.group == name }
                    .map { subscription($0, groupId: catalog.subscriptionGroupIdentifier(name)) })),
            ])
        }
        // What Xcode does not record about the app goes in a top-level `storesim` object, as a
        // product's does in its own.
        let app: [(key: String, value: CatalogJSON)] = catalog.app == .standard ? []
            : [("storesim", .object([("app", CatalogJSONWriter.app(catalog.app))]))]
        return .object([
            ("identifier", .string(internalID(catalog.products.map(\.id).joined(separator: " ")))),
            ("nonRenewingSubscriptions", .array(passes.map { .object(common($0)) })),
            ("products", .array(products.map { .object(common($0)) })),
            ("settings", settings(catalog)),
        ] + app + [
            ("subscriptionGroups", .array(groups)),
            ("version", .object([("major", .number(String(version.major))), ("minor", .number(String(version.minor)))])),
        ])
    }

    /// The keys every kind of product has.
    private static func common(_ product: Product) -> [(key: String, value: CatalogJSON)] {
        var members: [(key: String, value: CatalogJSON)] = [
            ("displayPrice", .string("\(product.price)")), ("internalID", .string(internalID(product.id))),
            ("localizations", localizations(product)), ("productID", .string(product.id)),
            ("referenceName", .string(product.referenceName)), ("type", .string(typeName(product.type))),
        ]
        if let shareable = product.familyShareable { members.append(("familyShareable", .bool(shareable))) }
        if let extras = storeSimExtras(product) { members.append(("storesim", extras)) }
        return members
    }

    private static func subscription(_ product: Product, groupId: String) -> CatalogJSON {
        var members = common(product) + [
            ("adHocOffers", offers(product, .promotional)), ("codeOffers", offers(product, .code)),
            ("winbackOffers", offers(product, .winBack)),
            ("introductoryOffer", product.introductoryOffer.map(introductoryOffer) ?? .null),
            ("recurringSubscriptionPeriod", .string(product.period?.description ?? "")),
            ("subscriptionGroupID", .string(groupId)),
        ]
        if let level = product.level { members.append(("groupNumber", .number(String(level)))) }
        return .object(members)
    }

    private static func localizations(_ product: Product) -> CatalogJSON {
        .array(CatalogLocalizationReader.ordered(product.localizations).map { locale, texts in
            CatalogJSON.object([("description", .string(texts.description)), ("displayName", .string(texts.title)), ("locale", .string(locale))])
        })
    }

    /// The product's offers of `type` as Xcode lists them, each named by its `offerID` (an offer
    /// code's own code and its being one-time do not survive: Xcode has no place for them).
    private static func offers(_ product: Product, _ type: OfferType) -> CatalogJSON {
        .array(product.offers.filter { $0.type == type }.map { offer in
            guard case .object(let terms) = introductoryOffer(offer.terms) else { return introductoryOffer(offer.terms) }
            return .object(terms + [("offerID", .string(offer.id)), ("referenceName", .string(offer.id))])
        })
    }

    private static func introductoryOffer(_ offer: IntroductoryOffer) -> CatalogJSON {
        let mode = offer.mode == .freeTrial ? "free" : offer.mode.rawValue
        var members: [(key: String, value: CatalogJSON)] = [
            ("internalID", .string(internalID("offer \(offer.mode.rawValue) \(offer.period)"))),
            ("paymentMode", .string(mode)), ("subscriptionPeriod", .string(offer.period.description)),
        ]
        if let price = offer.price { members.append(("displayPrice", .string("\(price)"))) }
        if let periods = offer.periods { members.append(("numberOfPeriods", .number(String(periods)))) }
        return .object(members)
    }

    /// What Xcode does not record: a grant other than one unit of the product itself, the
    /// backend's id, a non-renewing duration.
    private static func storeSimExtras(_ product: Product) -> CatalogJSON? {
        var members: [(key: String, value: CatalogJSON)] = []
        if product.type == .consumable && product.grant != [product.id: 1] {
            members.append(("grant", CatalogJSONWriter.grant(product)))
        }
        if let serverProductId = product.serverProductId { members.append(("serverProductId", .string(serverProductId))) }
        if let duration = product.duration { members.append(("duration", .string(duration.description))) }
        return members.isEmpty ? nil : .object(members)
    }

    private static func settings(_ catalog: Catalog) -> CatalogJSON {
        let settings = catalog.settings
        var members: [(key: String, value: CatalogJSON)] = [
            ("_askToBuyEnabled", .bool(settings.askToBuy)), ("_failTransactionsEnabled", .bool(settings.failPurchases)),
            ("_storefront", .string(catalog.storefront.code)),
            ("_storeKitErrors", .array([(settings.productRequestsFail, "Load Products"), (settings.syncFails, "App Store Sync"),
                                        (settings.verificationFails, "Verification"),
                                        (settings.subscriptionStatusFails, "Subscription Status")].filter(\.0).map { enabled in
                .object([("current", .null), ("enabled", .bool(true)), ("name", .string(enabled.1))])
            })),
        ]
        if let locale = settings.locale { members.append(("_locale", .string(locale))) }
        if settings.gracePeriod { members.append(("_billingGracePeriodEnabled", .bool(true))) }
        if settings.timeRate != .real { members.append(("_timeRate", .number(String(settings.timeRate.xcodeNumber)))) }
        return .object(members)
    }

    private static func typeName(_ type: ProductType) -> String {
        switch type {
        case .consumable: "Consumable"
        case .nonConsumable: "NonConsumable"
        case .autoRenewable: "RecurringSubscription"
        case .nonRenewing: "NonRenewingSubscription"
        }
    }

    /// Eight hex digits, like the ids Xcode makes up, from FNV-1a of `text`.
    private static func internalID(_ text: String) -> String {
        let hex = String(StableHash.of(text), radix: 16, uppercase: true)
        return String(repeating: "0", count: 8 - hex.count) + hex
    }
}
