/// The Store's answer to the App Store Server API's Get Transaction History: every transaction of
/// the customer who made `transactionId`, in any state (finished or not, refunded or not), each
/// as a JWS signed at the moment of the answer (`signedTransactions`).
public struct TransactionHistory: Sendable, Equatable, Codable {
    /// The transaction the Server named to say which customer it asks about.
    public let transactionId: TransactionID
    public let signedTransactions: [String]

    public init(transactionId: TransactionID, signedTransactions: [String]) {
        self.transactionId = transactionId
        self.signedTransactions = signedTransactions
    }
}
