/// What became of a purchase a launch recovered.
public enum RecoveryOutcome: Sendable, Equatable, Codable {
    case creditedNow
    case alreadyCredited
    case stillPending(PendingReason)
    /// Set aside for good, with the reason: a status code, the Server's own refusal, a failed verification.
    case rejected(SetAsideReason)

    /// In words, for the report.
    public var text: String {
        switch self {
        case .creditedNow: "credited now"
        case .alreadyCredited: "already credited (duplicate suppressed)"
        case .stillPending(let reason): "still pending (\(reason.english))"
        case .rejected(let reason): "rejected (\(reason.english))"
        }
    }
}
