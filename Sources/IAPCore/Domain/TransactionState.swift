/// The states of a payment-queue transaction, as StoreKit 1 names them.
public enum TransactionState: String, Sendable, CaseIterable, Codable {
    case purchasing
    case purchased
    case failed
    case deferred
    case restored
}
