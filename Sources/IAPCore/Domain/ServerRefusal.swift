/// Why the Server refused a receipt that `verifyReceipt` found valid (status 0): its own
/// rejections, which are not verifyReceipt status codes.
public enum ServerRefusal: String, Sendable, CaseIterable, Codable {
    /// The receipt does not list the transaction the request names (a replayed receipt, a cache
    /// entry carrying another purchase's receipt).
    case notOnReceipt = "not-on-receipt"
    /// The receipt belongs to another App Store account than the user's.
    case otherAccount = "other-account"
    /// The Store refunded the purchase: it owes the user nothing.
    case refunded
    /// The signed transaction (StoreKit 2) is another transaction's than the one the request names.
    case otherTransaction = "other-transaction"
    /// The App Store Server API does not know the transaction the app reported.
    case unknownToStore = "unknown-to-store"
    /// The signed transaction's `appAccountToken` names another user of the app than the one asking.
    case otherUser = "other-user"
    /// A family-shared transaction of a product Family Sharing does not share (a consumable, a
    /// non-renewing subscription, or one the catalog does not mark `familyShareable`).
    case notShareable = "not-shareable"
    /// The outside server (`server url`) answered `rejected`; its reason is on the timeline.
    case rejectedByOutsideServer = "rejected-by-outside-server"

    /// What the refusal means, in a few words.
    public var meaning: String {
        switch self {
        case .notOnReceipt: return "the receipt does not prove this transaction"
        case .otherAccount: return "the receipt belongs to another App Store account"
        case .refunded: return "the Store refunded this purchase"
        case .otherTransaction: return "the signed transaction is another transaction's"
        case .unknownToStore: return "the App Store has no such transaction"
        case .otherUser: return "its appAccountToken names another user of the app"
        case .notShareable: return "Family Sharing does not share this product"
        case .rejectedByOutsideServer: return "the outside server rejected it"
        }
    }
}
