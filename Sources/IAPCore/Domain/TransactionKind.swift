/// Why the Store made a transaction.
public enum TransactionKind: String, Sendable {
    case purchase
    /// The first purchase of a subscription with a free introductory trial.
    case trial
    case renewal
    case restore
    /// A family member's own transaction of a purchase another member of the family made and
    /// shares through Family Sharing: nothing is charged for it.
    case familyShare = "family-share"
}
