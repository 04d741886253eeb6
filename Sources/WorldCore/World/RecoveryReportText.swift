import IAPClient
import IAPCore

/// The recovery report in words, one line per purchase, for transcripts and screens. Product
/// ids come from the app's cache or the Store's file, so they are escaped (`LineText`).
public enum RecoveryReportText {
    /// The report as the timeline tells it, each product by its title in `locale` (a launch may
    /// recover a thousand orders of a few products: each title is looked up once).
    public static func told(_ report: RecoveryReport, catalog: Catalog, locale: String = "en_US") -> LaunchRecovery {
        var titles: [String: String] = [:]
        return LaunchRecovery(purchases: report.items.map { item in
            let title: String
            if let known = titles[item.productId] {
                title = known
            } else {
                title = LineText.escaped(catalog.product(id: item.productId)?.title(locale: locale) ?? item.productId)
                titles[item.productId] = title
            }
            return LaunchRecovery.Purchase(title: title, transactionId: item.transactionId, source: item.source, outcome: item.outcome)
        })
    }
}
