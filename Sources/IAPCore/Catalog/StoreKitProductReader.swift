import Foundation

/// Reads one product of an Xcode file: an entry of `products`, `nonRenewingSubscriptions` or a
/// group's `subscriptions`, each with the one or two `type`s Xcode writes there.
///
/// What StoreSim needs and Xcode does not record comes from an optional `storesim` object on
/// the product (`grant`, `serverProductId`, `duration`, as in `catalog.json`), which
/// `storesim catalog convert --to storekit` writes. Without it a consumable credits one unit of
/// itself (its balance named by the product id), and a non-renewing pass does not expire.
enum StoreKitProductReader {
    /// Where a product stands in the file.
    enum Section {
        case products
        case nonRenewingSubscriptions
        /// A group's `subscriptions`, with the group's name.
        case subscriptions(group: String)

        /// Xcode's `type` names that belong here, and what StoreSim calls them.
        var types: [(String, ProductType)] {
            switch self {
            case .products: [("Consumable", .consumable), ("NonConsumable", .nonConsumable)]
            case .nonRenewingSubscriptions: [("NonRenewingSubscription", .nonRenewing)]
            case .subscriptions: [("RecurringSubscription", .autoRenewable)]
            }
        }
    }

    private static let commonKeys = ["productID", "type", "referenceName", "displayPrice", "localizations", "familyShareable", "storesim"]
    private static let subscriptionKeys = ["recurringSubscriptionPeriod", "groupNumber", "introductoryOffer"]
        + StoreKitOfferReader.otherOfferLists.map(\.0)

    static func read(_ field: CatalogField, in section: Section, storefront: Storefront, ids: inout [String: String],
                     notes: inout CatalogNotes) throws(CatalogIssue) -> Product {
        let object = try field.object()
        let idField = try object.required("productID")
        let id = try idField.identifier()
        if let first = ids[id] {
            throw idField.issue("duplicate id \(LineText.quoted(id)), already used by \(first)")
        }
        ids[id] = field.path.description
        let type = try productType(object, in: section)
        let referenceName = try referenceName(object, id: id, at: field.path, notes: &notes)
        let price = try object.required("displayPrice").price(in: storefront)
        let extras = try StoreSimExtras.read(object.optional("storesim"), type: type)
        let localizations = try StoreKitLocalizationReader.read(
            object.required("localizations"), product: (id, referenceName), storefront: storefront, notes: &notes)
        let subscription = try subscriptionTerms(object, id: id, in: section, storefront: storefront, notes: &notes)
        notes.ignoreOthers(in: object, known: commonKeys + (subscription == nil ? [] : subscriptionKeys))
        let product = Product(
            id: id, type: type, referenceName: referenceName, price: price, localizations: localizations,
            grant: type == .consumable ? extras.grant ?? [id: 1] : [:], serverProductId: extras.serverProductId,
            period: subscription?.period, group: subscription?.group, level: subscription?.level,
            introductoryOffer: subscription?.offer, duration: extras.duration,
            familyShareable: try object.optional("familyShareable")?.bool(), offers: subscription?.others ?? [])
        remark(product, extras: extras, at: field.path, notes: &notes)
        return product
    }

    /// The product's reference name; Xcode also writes none (`null`, or no key at all), and
    /// the product id then stands in for it, as it does on Xcode's own screens.
    private static func referenceName(_ object: CatalogObject, id: String, at path: CatalogPath,
                                      notes: inout CatalogNotes) throws(CatalogIssue) -> String {
        guard let field = object.optional("referenceName"), !field.isNull else {
            notes.product(id, path, "no reference name: the product id stands in for it")
            return id
        }
        return try field.string()
    }

    private static func productType(_ object: CatalogObject, in section: Section) throws(CatalogIssue) -> ProductType {
        let field = try object.required("type")
        let name = try field.string()
        guard let type = section.types.first(where: { $0.0 == name })?.1 else {
            let expected = section.types.map(\.0).joined(separator: " or ")
            throw field.issue("unknown type \(LineText.quoted(name)) (expected \(expected) here)")
        }
        return type
    }

    private static func subscriptionTerms(_ object: CatalogObject, id: String, in section: Section, storefront: Storefront,
                                          notes: inout CatalogNotes)
        throws(CatalogIssue) -> (period: ISODuration, group: String, level: Int?, offer: IntroductoryOffer?, others: [SubscriptionOffer])? {
        guard case .subscriptions(let group) = section else { return nil }
        let period = try object.required("recurringSubscriptionPeriod").duration()
        let level = try object.optional("groupNumber")?.positiveInteger(upTo: CatalogProductReader.maxLevel)
        let offer = try object.optional("introductoryOffer").flatMap { field throws(CatalogIssue) in
            try StoreKitOfferReader.introductory(field, storefront: storefront, notes: &notes)
        }
        let others = try StoreKitOfferReader.others(of: object, productId: id, storefront: storefront, notes: &notes)
        return (period, group, level, offer, others)
    }

    /// What StoreSim makes of what the file leaves unsaid.
    private static func remark(_ product: Product, extras: StoreSimExtras, at path: CatalogPath, notes: inout CatalogNotes) {
        if product.type == .consumable && extras.grant == nil {
            notes.product(product.id, path, "a consumable in a .storekit file has no grant: the Server credits one unit of the product itself, +1 \(product.id)")
        }
        if product.type == .nonRenewing && extras.duration == nil {
            notes.product(product.id, path, "Xcode records no duration for a non-renewing subscription: the Server's entitlement does not expire")
        }
    }
}
