import Foundation

/// Reads one entry of the `subscriptions` list (Google's `Subscription`, with its `basePlans`)
/// into one auto-renewable product per auto-renewing base plan, in the group named by the
/// subscription's `productId`; each is the product `PRODUCTID.BASEPLANID` (`premium.monthly`)
/// unless its `storesim` object names it, and a Play world sells it as that base plan again.
///
/// A base plan's optional `storesim` object holds what Play does not record there: `id`,
/// `referenceName`, `listings` (its own, when they are not the subscription's), `serverProductId`,
/// `level`, `familyShareable`, and StoreSim's offers as `catalog.json` writes them
/// (`introductoryOffer`, `promotionalOffers`, `offerCodes`, `winBackOffers`); Play's own offers
/// are another resource (`monetization.subscriptions.basePlans.offers`), not read. A
/// subscription's `storesim` object may name its `group`.
enum PlaySubscriptionReader {
    private static let keys = ["productId", "listings", "basePlans", "storesim"]
    private static let planKeys = ["basePlanId", "state", "autoRenewingBasePlanType", "prepaidBasePlanType", "installmentsBasePlanType",
                                   "regionalConfigs", "storesim"]
    private static let extrasKeys = ["id", "referenceName", "listings", "serverProductId", "level", "familyShareable", "introductoryOffer"]
        + OfferType.allCases.compactMap(\.catalogKey)
    /// "lower-case letters (a-z), numbers (0-9), underscores (_) and dots (.) ... start with a
    /// lower-case letter or number, and be between 1 and 40 (inclusive) characters in length".
    private static let productIdRule = GoogleIdRule(others: "_.", maxLength: 40,
        wording: "lower-case letters, digits, underscores and periods, starting with a letter or digit, at most 40 characters")
    /// "can only contain lower-case letters (a-z), numbers (0-9), and hyphens (-), and be at most
    /// 63 characters".
    private static let basePlanIdRule = GoogleIdRule(others: "-", maxLength: 63,
        wording: "lower-case letters, digits and hyphens, starting with a letter or digit, at most 63 characters")

    /// The base plans of the subscription at `field`; `subscriptionIds` holds the subscriptions
    /// before it and `ids` the products, which it must not repeat.
    static func read(_ field: CatalogField, storefront: Storefront, subscriptionIds: inout [String: String], ids: inout [String: String],
                     notes: inout CatalogNotes) throws(CatalogIssue) -> [Product] {
        let object = try field.object()
        notes.ignoreOthers(in: object, known: keys)
        let productId = try productIdRule.uniqueId("productId", of: object, at: field, seen: &subscriptionIds).id
        let group = try object.optional("storesim")?.object(allowedKeys: ["group"]).optional("group").map { field throws(CatalogIssue) in
            let name = try field.string()
            guard PlayBasePlan.subscriptionId(ofGroup: name) == productId else {
                throw field.issue("the group \(LineText.quoted(name)) is the subscription \(PlayBasePlan.subscriptionId(ofGroup: name)) in a Play world, not \(productId)")
            }
            return name
        } ?? productId
        let listings = try object.optional("listings").map { field throws(CatalogIssue) in
            try PlayListingReader.list(field, storefront: storefront, notes: &notes)
        } ?? [:]
        var plans: [String: String] = [:]
        var products: [Product] = []
        for plan in try object.required("basePlans").elements() {
            let context = Context(productId: productId, group: group, listings: listings, storefront: storefront)
            if let product = try basePlan(plan, context, plans: &plans, ids: &ids, notes: &notes) { products.append(product) }
        }
        return products
    }

    /// What a base plan takes from its subscription.
    private struct Context {
        let productId: String
        let group: String
        let listings: [String: Localization]
        let storefront: Storefront
    }

    private static func basePlan(_ field: CatalogField, _ context: Context, plans: inout [String: String], ids: inout [String: String],
                                 notes: inout CatalogNotes) throws(CatalogIssue) -> Product? {
        let object = try field.object()
        notes.ignoreOthers(in: object, known: planKeys)
        let (planId, planIdField) = try basePlanIdRule.uniqueId("basePlanId", of: object, at: field, seen: &plans)
        let extras = try object.optional("storesim")?.object(allowedKeys: extrasKeys)
        let id = try productId(extras?.optional("id"), planId: planId, context)
        guard let renewing = object.optional("autoRenewingBasePlanType") else {
            guard object.optional("prepaidBasePlanType") != nil || object.optional("installmentsBasePlanType") != nil else {
                throw CatalogIssue(path: field.path.key("autoRenewingBasePlanType"), problem: "missing required key")
            }
            notes.product(id, field.path, "a prepaid or installments base plan: not simulated, left out")
            return nil
        }
        if let first = ids[id] {
            throw (extras?.optional("id") ?? planIdField).issue("duplicate id \(LineText.quoted(id)), already used by \(first)")
        }
        ids[id] = field.path.description
        try PlayCatalogReader.onSale(object.optional("state"), id: id, values: ["ACTIVE"], notes: &notes)
        let terms = try renewing.object()
        notes.ignoreOthers(in: terms, known: ["billingPeriodDuration"])
        let localizations = try extras?.optional("listings").map { field throws(CatalogIssue) in
            try PlayListingReader.list(field, storefront: context.storefront, notes: &notes)
        } ?? context.listings
        return Product(
            id: id, type: .autoRenewable, referenceName: try PlayCatalogReader.referenceName(extras, id: id, localizations: localizations),
            price: try price(object, at: field, storefront: context.storefront, notes: &notes), localizations: localizations,
            serverProductId: try extras?.optional("serverProductId")?.string(),
            period: try terms.required("billingPeriodDuration").duration(), group: context.group,
            level: try extras?.optional("level")?.positiveInteger(upTo: CatalogProductReader.maxLevel),
            introductoryOffer: try extras?.optional("introductoryOffer").map { field throws(CatalogIssue) in
                try CatalogOfferReader.read(field, storefront: context.storefront)
            },
            familyShareable: try extras?.optional("familyShareable")?.bool(),
            offers: try extras.map { extras throws(CatalogIssue) in try CatalogProductReader.offers(of: extras, storefront: context.storefront) } ?? [])
    }

    /// The catalog's product id of the base plan: its `storesim` `id`, whose last component
    /// must be the base plan's id in a Play world, else `PRODUCTID.BASEPLANID`.
    private static func productId(_ field: CatalogField?, planId: String, _ context: Context) throws(CatalogIssue) -> String {
        guard let field else { return context.productId + "." + planId }
        let id = try field.identifier()
        guard PlayBasePlan.basePlanId(ofProduct: id) == planId else {
            throw field.issue("\(LineText.quoted(id)) is the base plan \(PlayBasePlan.basePlanId(ofProduct: id)) in a Play world, not \(planId)")
        }
        return id
    }

    /// The price of the `regionalConfigs` entry of the storefront's region; the other regions'
    /// entries are Play's alone.
    private static func price(_ object: CatalogObject, at field: CatalogField, storefront: Storefront,
                              notes: inout CatalogNotes) throws(CatalogIssue) -> Decimal {
        for config in try object.optional("regionalConfigs")?.elements() ?? [] {
            let entry = try config.object()
            guard try entry.required("regionCode").string() == storefront.region else { continue }
            notes.ignoreOthers(in: entry, known: ["regionCode", "price"])
            return try PlayPrice.money(entry.required("price"), storefront: storefront)
        }
        throw field.issue("no regionalConfigs entry for the region \(storefront.region) (the storefront \(storefront.code)'s), which prices it")
    }
}

/// The alphabet Google allows in one kind of id: lower-case letters, digits and `others`,
/// starting with a letter or digit, at most `maxLength` characters.
private struct GoogleIdRule {
    let others: String
    let maxLength: Int
    let wording: String

    /// The id in `object`'s member `key` (of the entry at `entry`), which must not be one of
    /// `seen`'s, where each was first; it is added there.
    func uniqueId(_ key: String, of object: CatalogObject, at entry: CatalogField,
                  seen: inout [String: String]) throws(CatalogIssue) -> (id: String, field: CatalogField) {
        let field = try object.required(key)
        let text = try field.string()
        let allowed = { (character: Character) in character.isASCII && (character.isLowercase || character.isNumber) }
        guard let first = text.first, allowed(first), text.count <= maxLength,
              text.allSatisfy({ allowed($0) || others.contains($0) }) else {
            throw field.issue("\(LineText.quoted(text)) is not an id Google takes here: \(wording)")
        }
        if let first = seen[text] {
            throw field.issue("duplicate \(key) \(LineText.quoted(text)), already used by \(first)")
        }
        seen[text] = entry.path.description
        return (text, field)
    }
}
