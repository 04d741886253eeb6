import IAPCore
import WorldCore

/// The loss report in words, for screens and the audit: what was paid for each lost purchase,
/// which steps ran and which never did, why nothing can bring it back, what would have saved it.
public enum LossReportText {
    public static func lines(_ losses: [LossFinding], catalog: Catalog, locale: String = "en_US") -> [String] {
        var lines = ["launch found \(EnglishCount.of(losses.count, "lost purchase")) (paid, never credited, nothing left to recover):"]
        for lost in purchases(losses, catalog: catalog, locale: locale) {
            let price = lost.price.map { " " + $0 } ?? ""
            let under = lost.finding.strategy.map { " under \($0.rawValue)" } ?? ""
            lines.append("  \(lost.title) (tx \(lost.finding.transactionId)): lost, paid\(price)\(under)")
            lines += details(lost.finding).map { "    " + $0 }
        }
        return lines
    }

    /// Each lost purchase with its product's title (escaped) and price in `locale`, as every
    /// language's report names it; the product id, and no price, for a product the catalog lacks.
    public static func purchases(_ losses: [LossFinding], catalog: Catalog, locale: String) -> [(title: String, price: String?, finding: LossFinding)] {
        losses.map { loss in
            let product = catalog.product(id: loss.productId)
            return (LineText.escaped(product?.title(locale: locale) ?? loss.productId),
                    product.map { catalog.formattedPrice(of: $0, locale: locale) }, loss)
        }
    }

    /// The lines that explain one loss, shared by the report and the audit, in the words of `store`.
    public static func details(_ loss: LossFinding, on store: StoreKind = .appStore) -> [String] {
        [
            "ran: " + words(loss.ran, on: store) + "; never ran: " + words(loss.neverRan, on: store),
            "why it cannot be recovered: " + loss.why.english(on: store),
            loss.why.rescue(on: store),
        ]
    }

    private static func words(_ points: [CrashPoint], on store: StoreKind) -> String {
        points.isEmpty ? "nothing" : points.map { step($0, on: store) }.joined(separator: ", ")
    }

    /// A step of the flow in a few plain words.
    private static func step(_ point: CrashPoint, on store: StoreKind) -> String {
        if store == .play {
            switch point {
            case .paymentSent: return "paid at Google Play"
            case .purchased: return "reported PURCHASED"
            case .finished: return "consumed at Google Play"
            default: break
            }
        }
        switch point {
        case .paymentSent: return "paid at the Store"
        case .purchased: return "reported purchased"
        case .cached: return "saved to the app's cache"
        case .serverCommitted: return "credited by the Server"
        case .verified: return "the app heard of the credit"
        case .finished: return "finished with the Store"
        }
    }
}
