/// Why the app receipt a recovery sent does not prove an order: the app then verifies the
/// order's own cached receipt instead.
public enum NotProvenReason: Sendable, Equatable, Codable {
    /// `verifyReceipt` did not find the app receipt valid.
    case receiptRejected(ReceiptStatus)
    /// The receipt lists the transaction as refunded.
    case refunded
    /// The receipt lists the transaction under another App Store account.
    case otherAccount
    /// The receipt does not list the transaction.
    case notOnReceipt

    /// The reason in English.
    public var english: String {
        switch self {
        case .receiptRejected(let status): status.statusAndMeaning
        case .refunded: "refunded"
        case .otherAccount: "another account's purchase"
        case .notOnReceipt: "not on the app receipt"
        }
    }
}
