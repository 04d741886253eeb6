/// Why the app set a pending order aside: the Server's answer that no retry can change.
public enum SetAsideReason: Sendable, Equatable, Codable {
    /// The receipt was rejected with a status that condemns it.
    case rejected(ReceiptStatus)
    /// The Server refused the transaction.
    case refused(ServerRefusal)
    /// The signed transaction failed verification on the Server.
    case unverified(VerificationStatus, reason: UnverifiedReason)

    /// The reason in English, as the timeline and the recovery report tell it.
    public var english: String {
        switch self {
        case .rejected(let status): "\(status.rawValue) \(status.meaning)"
        case .refused(let refusal): "refused by the Server: \(refusal.meaning)"
        case .unverified(let status, let reason): "\(status.name): \(reason.english)"
        }
    }
}
