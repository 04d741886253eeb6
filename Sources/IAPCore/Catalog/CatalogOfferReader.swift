import Foundation

/// Reads a product's offers in `catalog.json`: the `introductoryOffer` (`mode` and `period`,
/// with `price` for the paid modes and `periods` for `payAsYouGo`), and the lists
/// `promotionalOffers`, `offerCodes` and `winBackOffers`, whose entries add an `id` (and, for
/// offer codes, the `code`, the id when left out, and whether it is `oneTime`) to the same terms.
enum CatalogOfferReader {
    /// The most periods a `payAsYouGo` offer may discount.
    static let maxPeriods = 1000

    private static let modeNames = OfferMode.allCases.map(\.rawValue).joined(separator: ", ")
    private static let termKeys = ["mode", "period", "price", "periods"]

    static func read(_ field: CatalogField, storefront: Storefront) throws(CatalogIssue) -> IntroductoryOffer {
        try terms(field.object(allowedKeys: termKeys), storefront: storefront)
    }

    /// The offers of `type` listed at `field`, at least one; ids (and codes) must not repeat.
    static func list(_ field: CatalogField, type: OfferType, storefront: Storefront) throws(CatalogIssue) -> [SubscriptionOffer] {
        var offers: [SubscriptionOffer] = []
        for entry in try field.array(ifEmpty: "lists no offer: leave \(type.catalogKey ?? "it") out when the product has none") {
            let object = try entry.object(allowedKeys: ["id"] + termKeys + (type == .code ? ["code", "oneTime"] : []))
            let idField = try object.required("id")
            let id = try idField.identifier()
            if offers.contains(where: { $0.id == id }) {
                throw idField.issue("duplicate offer id \(LineText.quoted(id)) in \(field.path)")
            }
            var code: String?
            if type == .code {
                let codeField = object.optional("code")
                code = try codeField?.identifier() ?? id
                if offers.contains(where: { $0.code?.uppercased() == code?.uppercased() }) {
                    throw (codeField ?? idField).issue("duplicate code \(LineText.quoted(code ?? "")) in \(field.path) (codes match whatever their case)")
                }
            }
            offers.append(SubscriptionOffer(type: type, id: id, code: code, oneTime: try object.optional("oneTime")?.bool() ?? false,
                                            terms: try terms(object, storefront: storefront)))
        }
        return offers
    }

    private static func terms(_ object: CatalogObject, storefront: Storefront) throws(CatalogIssue) -> IntroductoryOffer {
        let modeField = try object.required("mode")
        let modeName = try modeField.string()
        guard let mode = OfferMode(rawValue: modeName) else {
            throw modeField.issue("unknown mode \(LineText.quoted(modeName)) (expected \(modeNames))")
        }
        let period = try object.required("period").duration()
        switch mode {
        case .freeTrial:
            try object.forbid("price", "a freeTrial offer has no price")
            try object.forbid("periods", "a freeTrial offer has no periods")
            return IntroductoryOffer(mode: mode, period: period)
        case .payUpFront:
            try object.forbid("periods", "a payUpFront offer is paid once for its whole period: it has no periods")
            return IntroductoryOffer(mode: mode, period: period, price: try object.required("price").price(in: storefront))
        case .payAsYouGo:
            return IntroductoryOffer(mode: mode, period: period, price: try object.required("price").price(in: storefront),
                                     periods: try object.required("periods").positiveInteger(upTo: maxPeriods))
        }
    }
}
