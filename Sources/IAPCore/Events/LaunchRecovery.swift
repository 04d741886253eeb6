/// What a launch recovered, as the timeline tells it: each purchase it found, by its product's
/// title, with where it was found and what became of it.
public struct LaunchRecovery: Sendable, Equatable, Codable {
    /// One purchase the launch found.
    public struct Purchase: Sendable, Equatable, Codable {
        public let title: String
        public let transactionId: TransactionID
        public let source: RecoverySource
        public let outcome: RecoveryOutcome?

        public init(title: String, transactionId: TransactionID, source: RecoverySource, outcome: RecoveryOutcome?) {
            self.title = title
            self.transactionId = transactionId
            self.source = source
            self.outcome = outcome
        }

        /// The purchase's line of the report, written piece by piece: a launch may recover a
        /// thousand orders.
        public var english: String {
            let outcome = outcome?.text ?? "no answer yet"
            let source = source.rawValue
            return String(atMost: 48 + title.utf8.count + source.utf8.count + outcome.utf8.count) { line in
                line.literal("  ")
                line.text(title)
                line.literal(" (tx ")
                line.decimal(transactionId.value)
                line.literal(", from the ")
                line.text(source)
                line.literal("): ")
                line.text(outcome)
            }
        }
    }

    public let purchases: [Purchase]

    public init(purchases: [Purchase]) {
        self.purchases = purchases
    }

    /// How many purchases the launch recovered (credited now or before), left pending (or
    /// without an answer) and saw rejected.
    public var counts: (recovered: Int, pending: Int, rejected: Int) {
        var counts = (recovered: 0, pending: 0, rejected: 0)
        for purchase in purchases {
            switch purchase.outcome {
            case .creditedNow, .alreadyCredited: counts.recovered += 1
            case .stillPending, nil: counts.pending += 1
            case .rejected: counts.rejected += 1
            }
        }
        return counts
    }

    /// The report's first line: what the launch recovered, when it recovered all it found; else
    /// how many it found, and how many of them it recovered, left pending and saw rejected.
    public var heading: String {
        let count = purchases.count
        let counts = counts
        let found = EnglishCount.of(count, "purchase")
        guard counts.recovered < count else { return "launch recovered \(found):" }
        return "launch found \(found) to recover: \(counts.recovered) recovered, \(counts.pending) still pending, \(counts.rejected) rejected:"
    }

    /// The report in English, a line per purchase after the heading.
    public var englishLines: [String] {
        [heading] + purchases.map(\.english)
    }
}
