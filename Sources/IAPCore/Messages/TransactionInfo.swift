/// The Store's answer to the App Store Server API's Get Transaction Info: the transaction the
/// Server asked about, as the Store signs it now (with its refund, if any), or nil when the Store
/// has no such transaction of the app (`TransactionIdNotFoundError`).
public struct TransactionInfo: Sendable, Equatable, Codable {
    /// The app's request the Server asked for, carried along for the reply.
    public let request: VerificationRequest
    /// `signedTransactionInfo`: the JWS of the transaction, signed at the moment of the answer.
    public let signedTransactionInfo: String?

    public init(request: VerificationRequest, signedTransactionInfo: String?) {
        self.request = request
        self.signedTransactionInfo = signedTransactionInfo
    }
}
