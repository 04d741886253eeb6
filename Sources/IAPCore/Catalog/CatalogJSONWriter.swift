import Foundation

/// One product as an entry of `catalog.json`'s `products`, keys in the order the contract
/// shows them.
enum CatalogJSONWriter {
    static func product(_ product: Product) -> CatalogJSON {
        var members: [(key: String, value: CatalogJSON)] = [
            ("id", .string(product.id)), ("type", .string(product.type.rawValue)),
            ("referenceName", .string(product.referenceName)), ("price", .string("\(product.price)")),
            ("localizations", localizations(product)),
        ]
        if product.type == .consumable { members.append(("grant", grant(product))) }
        if let serverProductId = product.serverProductId { members.append(("serverProductId", .string(serverProductId))) }
        if let period = product.period { members.append(("period", .string(period.description))) }
        if let group = product.group { members.append(("group", .string(group))) }
        if let level = product.level { members.append(("level", .number(String(level)))) }
        if let offer = product.introductoryOffer { members.append(("introductoryOffer", introductoryOffer(offer))) }
        if let duration = product.duration { members.append(("duration", .string(duration.description))) }
        if let shareable = product.familyShareable { members.append(("familyShareable", .bool(shareable))) }
        return .object(members + offerLists(product))
    }

    /// The consumable's grant: currency name → amount, by currency name.
    static func grant(_ product: Product) -> CatalogJSON {
        .object(product.grantInOrder.map { ($0.currency, .number(String($0.amount))) })
    }

    /// The product's `promotionalOffers`, `offerCodes` and `winBackOffers`, each left out when empty.
    static func offerLists(_ product: Product) -> [(key: String, value: CatalogJSON)] {
        OfferType.allCases.compactMap { type in
            let offers = product.offers.filter { $0.type == type }
            guard let key = type.catalogKey, !offers.isEmpty else { return nil }
            return (key, .array(offers.map(offer)))
        }
    }

    /// The catalog's `app` object: the app's bundle id, App Apple ID and build version.
    static func app(_ identity: AppIdentity) -> CatalogJSON {
        .object([("bundleId", .string(identity.bundleId)), ("appAppleId", .number(String(identity.appAppleId))),
                 ("bundleVersion", .string(identity.bundleVersion))])
    }

    /// Locale → title and description, `en_US` first (from the reference name when the
    /// product has none), then the others in order.
    private static func localizations(_ product: Product) -> CatalogJSON {
        let required = CatalogLocalizationReader.requiredLocale
        var all = product.localizations
        if all[required] == nil {
            all[required] = Localization(title: product.referenceName, description: product.referenceName)
        }
        return .object(CatalogLocalizationReader.ordered(all).map { locale, texts in
            (locale, CatalogJSON.object([("title", .string(texts.title)), ("description", .string(texts.description))]))
        })
    }

    /// A promotional offer, offer code or win-back offer: its id (and code) before its terms.
    private static func offer(_ offer: SubscriptionOffer) -> CatalogJSON {
        guard case .object(let terms) = introductoryOffer(offer.terms) else { return introductoryOffer(offer.terms) }
        var members: [(key: String, value: CatalogJSON)] = [("id", .string(offer.id))]
        if let code = offer.code, code != offer.id { members.append(("code", .string(code))) }
        if offer.oneTime { members.append(("oneTime", .bool(true))) }
        return .object(members + terms)
    }

    static func introductoryOffer(_ offer: IntroductoryOffer) -> CatalogJSON {
        var members: [(key: String, value: CatalogJSON)] = [("mode", .string(offer.mode.rawValue)), ("period", .string(offer.period.description))]
        if let price = offer.price { members.append(("price", .string("\(price)"))) }
        if let periods = offer.periods { members.append(("periods", .number(String(periods)))) }
        return .object(members)
    }
}
