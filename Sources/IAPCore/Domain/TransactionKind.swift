/// Why the Store made a transaction.
public enum TransactionKind: String, Sendable {
    case purchase
    /// The first purchase of a subscription with a free introductory trial.
    case trial
    case renewal
    case restore
}
