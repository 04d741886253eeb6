/// Why a purchase a launch recovered is still pending: its order stays in the cache and its
/// transaction unfinished, and the next launch asks again.
public enum PendingReason: Sendable, Equatable, Codable {
    /// `verifyReceipt` answered a status that does not condemn the receipt (Apple: "try again").
    case receiptStatus(ReceiptStatus)
    /// The app receipt does not prove the order, and the order's own receipt was not asked about.
    case notProven(NotProvenReason)
    /// The app receipt does not prove the order, and the order's cached record is damaged.
    case notProvenAndDamaged(NotProvenReason)
    /// The app's request or the Server's reply never arrived.
    case noAnswer(NoAnswer)

    /// The reason in English.
    public var english: String {
        switch self {
        case .receiptStatus(let status): status.statusAndMeaning
        case .notProven(let reason): reason.english
        case .notProvenAndDamaged(let reason): "the app receipt does not prove it (\(reason.english)) and its cached record is damaged"
        case .noAnswer(let reason): reason.english
        }
    }
}
