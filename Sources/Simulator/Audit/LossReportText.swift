import IAPCore

/// The loss report in words, for screens and the audit: what was paid for each lost purchase,
/// which steps ran and which never did, why nothing can bring it back, what would have saved it.
public enum LossReportText {
    public static func lines(_ losses: [LossFinding], catalog: Catalog, locale: String = "en_US") -> [String] {
        let count = losses.count
        var lines = ["launch found \(EnglishCount.of(count, "lost purchase")) (paid, never credited, nothing left to recover):"]
        for loss in losses {
            let product = catalog.product(id: loss.productId)
            let title = LineText.escaped(product?.title(locale: locale) ?? loss.productId)
            let price = product.map { " " + catalog.formattedPrice(of: $0, locale: locale) } ?? ""
            let under = loss.strategy.map { " under \($0.rawValue)" } ?? ""
            lines.append("  \(title) (tx \(loss.transactionId)): lost, paid\(price)\(under)")
            lines += details(loss).map { "    " + $0 }
        }
        return lines
    }

    /// The lines that explain one loss, shared by the report and the audit.
    public static func details(_ loss: LossFinding) -> [String] {
        [
            "ran: " + words(loss.ran) + "; never ran: " + words(loss.neverRan),
            "why it cannot be recovered: " + loss.why,
            loss.rescue,
        ]
    }

    private static func words(_ points: [CrashPoint]) -> String {
        points.isEmpty ? "nothing" : points.map(step).joined(separator: ", ")
    }

    /// A step of the flow in a few plain words.
    private static func step(_ point: CrashPoint) -> String {
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
