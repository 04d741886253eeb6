import Foundation

/// Reads one entry of `products` into a `Product`, checking every rule of the catalog format.
enum CatalogProductReader {
    /// Every key a product may have; which of the type-specific ones apply depends on `type`.
    private static let keys = [
        "id", "type", "referenceName", "price", "localizations", "serverProductId",
        "grant", "period", "group", "level", "introductoryOffer", "duration", "familyShareable",
    ] + OfferType.allCases.compactMap(\.catalogKey)
    /// The most a consumable may grant of one currency per purchase.
    private static let maxGrant = 1_000_000_000
    /// The lowest service level a subscription may have within its group (1 is the highest).
    static let maxLevel = 1000

    private static let typeNames = ProductType.allCases.map(\.rawValue)

    /// The product at `field`, priced in `storefront`; `indexById` holds the ids of the
    /// products before it, which it must not repeat.
    static func read(_ field: CatalogField, storefront: Storefront, indexById: [String: Int]) throws(CatalogIssue) -> Product {
        let object = try field.object(allowedKeys: keys)
        let idField = try object.required("id")
        let id = try idField.identifier()
        if let first = indexById[id] {
            throw idField.issue("duplicate id \(LineText.quoted(id)), already used by $.products[\(first)]")
        }
        let typeField = try object.required("type")
        let typeName = try typeField.string()
        guard let type = ProductType(rawValue: typeName) else {
            throw typeField.issue("unknown type \(LineText.quoted(typeName)) (expected \(typeNames.joined(separator: ", ")))")
        }
        let referenceName = try object.required("referenceName").string()
        let price = try object.required("price").price(in: storefront)
        let localizations = try CatalogLocalizationReader.read(object.required("localizations"))
        let serverProductId = try object.optional("serverProductId")?.string()
        try forbidKeys(of: object, except: type)
        return Product(
            id: id,
            type: type,
            referenceName: referenceName,
            price: price,
            localizations: localizations,
            grant: type == .consumable ? try grant(object.required("grant")) : [:],
            serverProductId: serverProductId,
            period: type == .autoRenewable ? try object.required("period").duration() : nil,
            group: type == .autoRenewable ? try object.required("group").string() : nil,
            level: try object.optional("level")?.positiveInteger(upTo: maxLevel),
            introductoryOffer: try object.optional("introductoryOffer").map { field throws(CatalogIssue) in
                try CatalogOfferReader.read(field, storefront: storefront)
            },
            duration: type == .nonRenewing ? try object.required("duration").duration() : nil,
            familyShareable: try object.optional("familyShareable")?.bool(),
            offers: try offers(of: object, storefront: storefront)
        )
    }

    /// Refuses the type-specific keys that do not belong to `type`.
    private static func forbidKeys(of object: CatalogObject, except type: ProductType) throws(CatalogIssue) {
        if type != .consumable {
            try object.forbid("grant", "grant is only for consumables")
        }
        if type != .autoRenewable {
            for key in ["period", "group", "level", "introductoryOffer"] + OfferType.allCases.compactMap(\.catalogKey) {
                try object.forbid(key, "\(key) is only for autoRenewable products")
            }
        }
        if type != .nonRenewing {
            try object.forbid("duration", "duration is only for nonRenewing products")
        }
    }

    /// The product's promotional offers, offer codes and win-back offers, in that order.
    static func offers(of object: CatalogObject, storefront: Storefront) throws(CatalogIssue) -> [SubscriptionOffer] {
        var offers: [SubscriptionOffer] = []
        for type in OfferType.allCases {
            guard let key = type.catalogKey, let field = object.optional(key) else { continue }
            offers += try CatalogOfferReader.list(field, type: type, storefront: storefront)
        }
        return offers
    }

    /// Currency name → amount credited per purchase; at least one currency.
    static func grant(_ field: CatalogField) throws(CatalogIssue) -> [String: Int] {
        let object = try field.object()
        guard !object.fields.isEmpty else { throw field.issue("must grant at least one currency") }
        var grant: [String: Int] = [:]
        for (currency, amount) in object.fields {
            guard !currency.isEmpty, !currency.contains(where: \.isWhitespace) else {
                throw amount.issue("a currency name must be non-empty, without whitespace")
            }
            grant[currency] = try amount.positiveInteger(upTo: maxGrant)
        }
        return grant
    }
}
