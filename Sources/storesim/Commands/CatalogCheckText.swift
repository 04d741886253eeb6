import Foundation
import IAPCore

/// What `storesim catalog check` prints: the format, the storefront, each product as StoreSim
/// reads it with the remarks on how it was read, the settings and what they do, the keys ignored.
enum CatalogCheckText {
    static func lines(_ reading: CatalogReading, file: String) -> [String] {
        let catalog = reading.catalog
        let locale = catalog.settings.locale ?? "en_US"
        let language = catalog.settings.locale.map { "; product language \($0)" } ?? ""
        var lines = [
            "\(file): \(reading.format)",
            "storefront \(catalog.storefront.code), prices in \(catalog.storefront.currencyCode)\(language)",
            "",
            "\(EnglishCount.of(catalog.products.count, "product")):",
        ]
        for product in catalog.products {
            lines += productLines(product, catalog: catalog, locale: locale)
            lines += reading.notes.filter { $0.productId == product.id }.map { "    \($0.path): \($0.text)" }
        }
        let leftOut = reading.productsLeftOut
        if !leftOut.isEmpty {
            lines += ["", "left out:"] + leftOut.map { "  \($0.productId ?? "") \($0.path): \($0.text)" }
        }
        lines += ["", "settings:"]
        let settings = reading.notes.filter { $0.kind == .setting }
        lines += settings.isEmpty
            ? ["  none" + (reading.format == .storeSim ? " (catalog.json has none)" : "")]
            : settings.map { "  \($0.path.replacingOccurrences(of: "$.settings.", with: "")) \($0.text)" }
        lines += ["", "ignored (keys StoreSim does not use):"]
        let ignored = reading.notes.filter { $0.kind == .ignored }.sorted { $0.path.compare($1.path, options: .numeric) == .orderedAscending }
        lines += ignored.isEmpty
            ? ["  nothing" + (reading.format == .storeSim ? " (catalog.json refuses keys it does not know)" : "")]
            : ignored.map { "  \($0.path)" }
        return lines
    }

    /// The product's id; its type, price and terms; its offers; its localizations.
    private static func productLines(_ product: Product, catalog: Catalog, locale: String) -> [String] {
        let price = catalog.formattedPrice(of: product, locale: locale)
        var terms = [product.type.rawValue]
        switch product.type {
        case .consumable:
            terms.append(price)
            terms.append("credits " + product.grantWords)
        case .nonConsumable:
            terms.append(price)
        case .autoRenewable:
            terms.append("\(price) every \(product.period.map(\.description) ?? "?")")
            terms.append("group \(LineText.quoted(product.group ?? ""))" + (product.level.map { " level \($0)" } ?? ""))
        case .nonRenewing:
            terms.append(product.duration.map { "\(price) for \($0)" } ?? "\(price), no duration")
        }
        if let shareable = product.familyShareable { terms.append(shareable ? "family shareable" : "not family shareable") }
        if let serverId = product.serverProductId { terms.append("server id \(serverId)") }
        var lines = ["  \(product.id)", "    " + terms.joined(separator: ", ")]
        if let offer = product.introductoryOffer {
            lines.append("    introductory offer: \(offer.summary(in: catalog.storefront, locale: locale))")
        }
        for offer in product.offers {
            let code = offer.code.map { $0 == offer.id ? "" : " (code \($0))" } ?? ""
            lines.append("    \(offer.type.name) \(offer.id)\(code)\(offer.oneTime ? ", one-time use" : ""): "
                         + offer.terms.summary(in: catalog.storefront, locale: locale))
        }
        for (code, texts) in product.localizations.sorted(by: { $0.key < $1.key }) {
            lines.append("    \(code): \(JSONString.quoted(texts.title)) — \(JSONString.quoted(texts.description))")
        }
        if product.localizations.isEmpty {
            lines.append("    titled \(LineText.quoted(product.referenceName)) (its reference name) in every language")
        }
        return lines
    }
}
