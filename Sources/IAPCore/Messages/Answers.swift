/// What the Server did with a verification request.
public enum VerificationOutcome: Sendable, Equatable, Codable {
    case credited
    case alreadyCredited
    /// `verifyReceipt` answered a status other than 0.
    case rejected(ReceiptStatus)
    /// The receipt was valid, but the Server refused it for a reason of its own.
    case refused(ServerRefusal)
    /// The current receipt was re-checked; this many entitlements were revoked (refunds), and
    /// this many non-renewing subscriptions the receipt proves were credited.
    case receiptChecked(revoked: Int, credited: Int)
    /// A signed transaction (StoreKit 2) that failed the Server's verification, with why.
    case unverified(VerificationStatus, UnverifiedReason)
    /// A recovery's app receipt does not prove the order (not listed, rejected, another
    /// account's, refunded), with why: the app verifies the order's own cached receipt instead.
    case notProven(NotProvenReason)
}

extension VerificationOutcome {
    /// Where the outcome is counted in a recovery's reply: its place in `recoveryWords`.
    var recoveryPlace: Int {
        switch self {
        case .credited: 0
        case .alreadyCredited: 1
        case .notProven: 2
        case .refused: 3
        case .rejected, .unverified: 4
        case .receiptChecked: 5
        }
    }

    /// What became of the orders a recovery asked about, in a word or two each, in the order the
    /// reply's summary counts them.
    static let recoveryWords = ["credited", "already credited", "not proven by the app receipt", "refused", "rejected", "checked"]
}

/// The Server's reply to the app.
public struct VerificationAnswer: Sendable, Equatable, Codable {
    /// The transaction the request named; nil for the check of the current receipt.
    public let transactionId: TransactionID?
    public let outcome: VerificationOutcome
    /// The product the receipt proved, when it was valid.
    public let productId: String?
    /// What was granted, for a credit.
    public let grant: Grant?

    public init(transactionId: TransactionID?, outcome: VerificationOutcome, productId: String?, grant: Grant? = nil) {
        self.transactionId = transactionId
        self.outcome = outcome
        self.productId = productId
        self.grant = grant
    }
}

/// The app's request never got an answer: the network was down, the Server was down, or the
/// reply was lost.
public struct VerificationFailure: Sendable, Equatable, Codable {
    /// The transaction the lost request or reply named; nil for the check of the current receipt.
    public let transactionId: TransactionID?
    public let reason: NoAnswer

    public init(transactionId: TransactionID?, reason: NoAnswer) {
        self.transactionId = transactionId
        self.reason = reason
    }
}

/// How a restore of completed transactions ended.
public enum RestoreOutcome: Sendable, Equatable, Codable {
    case finished(restored: Int)
    case failed(reason: StoreFailure)
}

/// The Store's answer to a product request, as `SKProductsResponse` reports it: the identifiers
/// it sells, and those it does not know.
public struct ProductsResponse: Sendable, Equatable, Codable {
    public let valid: [String]
    public let invalid: [String]

    public init(valid: [String], invalid: [String]) {
        self.valid = valid
        self.invalid = invalid
    }
}
