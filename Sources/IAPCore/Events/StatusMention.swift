/// A subscription's status as a message names it: its product, renewal state and transaction.
public struct StatusMention: Sendable, Equatable, Codable {
    public let productId: String
    public let state: SubscriptionStatus.RenewalState
    public let id: TransactionID

    public init(_ status: SubscriptionStatus) {
        productId = status.transaction.productId
        state = status.state
        id = status.transaction.transactionId
    }
}
