/// A step the Server takes on its own, as the timeline tells it: what it verified, credited and
/// took back, and where it sent a receipt next.
public enum ServerStep: Sendable, Equatable, Codable {
    /// A signed transaction verified offline, against the pinned root (its id as the payload writes it).
    case verifiedOffline(transactionId: String)
    /// verifyReceipt answered that the receipt belongs at the other endpoint.
    case askOtherEndpoint(ReceiptStatus, StoreEnvironment)
    /// The Server's answer about one order of a recovery, other than a credit.
    case answered(VerificationAnswer)
    case credited(TransactionID, grant: Grant)
    case creditedFromReceipt(TransactionID, grant: Grant)
    case creditedFromHistory(TransactionID, grant: Grant)
    case creditedFromNotification(TransactionID, NotificationType, grant: Grant)
    /// A notification that failed verification: the Server answers no HTTP 200, so the Store retries.
    case notificationNotVerified(uuid: String, reason: UnverifiedReason)
    /// The Server could not save what a message asked of it, and why.
    case couldNotSave(problem: SaveProblem)
    /// A refund's notification: how much of each currency the Server takes back.
    case refundTakesBack(TransactionID, [String: Int])
    /// A refund reversal's notification: how much of each currency the Server grants again.
    case reversalGrantsAgain(TransactionID, [String: Int])
    /// The app's request sent on to the outside server (`server url`), and what came of it:
    /// its `result` (and `reason`), or why there was none the app can use.
    case outsideServer(TransactionID?, url: String, OutsideServerReply)

    /// The step in English.
    public var english: String {
        switch self {
        case .verifiedOffline(let id): "verified signed tx \(id) offline: chain to the pinned root, ES256 signature"
        case .askOtherEndpoint(let status, let other): "\(status.rawValue): ask the \(other.rawValue) endpoint instead"
        case .answered(let answer): answer.summary
        case .credited(let id, let grant): Self.credit(id, grant.english)
        case .creditedFromReceipt(let id, let grant): "credit tx \(id) from the receipt: \(grant.english)"
        case .creditedFromHistory(let id, let grant): "credit tx \(id) from the transaction history: \(grant.english)"
        case .creditedFromNotification(let id, let type, let grant): "credit tx \(id) from notification \(type.rawValue): \(grant.english)"
        case .notificationNotVerified(let uuid, let reason): "notification \(uuid) not verified: \(reason.english); no HTTP 200, the Store will retry"
        case .couldNotSave(let problem): "the Server could not save: \(problem.english)"
        case .refundTakesBack(let id, let taken): "refund of tx \(id): the Server takes back \(Self.taken(taken))"
        case .reversalGrantsAgain(let id, let given): "refund of tx \(id) reversed: the Server grants again \(Self.taken(given))"
        case .outsideServer(let id, let url, let reply):
            "outside server \(url): " + (id.map { "verify tx \($0) → " } ?? "") + reply.english
        }
    }

    /// What a refund takes back, currency by currency in order: `coins 100, gems 5`.
    public static func taken(_ amounts: [String: Int]) -> String {
        amounts.sorted { $0.key < $1.key }.map { "\($0.key) \($0.value)" }.joined(separator: ", ")
    }

    /// The words of a credit, written piece by piece into one allocation: a launch that
    /// recovers a thousand orders writes a thousand.
    private static func credit(_ id: TransactionID, _ words: String) -> String {
        String(atMost: 40 + words.utf8.count) { text in
            text.literal("credit tx ")
            text.decimal(id.value)
            text.literal(": ")
            text.text(words)
        }
    }
}
