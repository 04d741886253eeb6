/// Why the App Store refunded a transaction, as Apple's `revocationReason` says it: 0 for other
/// reasons, 1 for an actual or perceived issue within the app.
public enum RevocationReason: Int, Sendable, CaseIterable, Codable {
    case other = 0
    case appIssue = 1

    /// How a script writes it.
    public var word: String {
        switch self {
        case .other: return "other"
        case .appIssue: return "app-issue"
        }
    }

    /// The reason a script wrote, nil for any other word.
    public init?(word: String) {
        guard let reason = Self.allCases.first(where: { $0.word == word }) else { return nil }
        self = reason
    }
}
