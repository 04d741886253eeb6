import IAPClient
import IAPCore

/// The recovery report in words, one line per purchase, for transcripts and screens. Product
/// ids come from the app's cache or the Store's file, so they are escaped (`LineText`).
public enum RecoveryReportText {
    public static func lines(_ report: RecoveryReport, catalog: Catalog, locale: String = "en_US") -> [String] {
        var lines = [heading(report)]
        lines.reserveCapacity(report.items.count + 1)
        // A launch may recover a thousand orders of a few products: each title is looked up once,
        // and each line written piece by piece.
        var titles: [String: String] = [:]
        for item in report.items {
            let title: String
            if let known = titles[item.productId] {
                title = known
            } else {
                title = LineText.escaped(catalog.product(id: item.productId)?.title(locale: locale) ?? item.productId)
                titles[item.productId] = title
            }
            let outcome = item.outcome?.text ?? "no answer yet"
            let source = item.source.rawValue
            lines.append(String(atMost: 48 + title.utf8.count + source.utf8.count + outcome.utf8.count) { line in
                line.literal("  ")
                line.text(title)
                line.literal(" (tx ")
                line.decimal(item.transactionId.value)
                line.literal(", from the ")
                line.text(source)
                line.literal("): ")
                line.text(outcome)
            })
        }
        return lines
    }

    /// The report's first line: what the launch recovered, when it recovered all it found; else
    /// how many it found, and how many of them it recovered, left pending and saw rejected.
    private static func heading(_ report: RecoveryReport) -> String {
        let count = report.items.count
        var recovered = 0, pending = 0, rejected = 0
        for item in report.items {
            switch item.outcome {
            case .creditedNow, .alreadyCredited: recovered += 1
            case .stillPending, nil: pending += 1
            case .rejected: rejected += 1
            }
        }
        let purchases = EnglishCount.of(count, "purchase")
        guard recovered < count else { return "launch recovered \(purchases):" }
        return "launch found \(purchases) to recover: \(recovered) recovered, \(pending) still pending, \(rejected) rejected:"
    }
}
