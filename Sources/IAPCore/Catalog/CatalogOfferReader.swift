import Foundation

/// Reads a product's `introductoryOffer` in `catalog.json`: `mode` and `period`, with `price`
/// for the paid modes and `periods` for `payAsYouGo`.
enum CatalogOfferReader {
    /// The most periods a `payAsYouGo` offer may discount.
    static let maxPeriods = 1000

    private static let modeNames = OfferMode.allCases.map(\.rawValue).joined(separator: ", ")

    static func read(_ field: CatalogField, storefront: Storefront) throws(CatalogIssue) -> IntroductoryOffer {
        let object = try field.object(allowedKeys: ["mode", "period", "price", "periods"])
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
