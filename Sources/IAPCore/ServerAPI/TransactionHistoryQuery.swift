/// The query of Get Transaction History, read and checked as Apple checks it: "If you provide
/// multiple filters in the query, the transactions that return match all the filters." Each
/// filter left out lets every transaction through.
public struct TransactionHistoryQuery: Sendable, Equatable {
    /// `revision`: where the last page ended; nil for the first page.
    public var revision: ServerAPIPageToken?
    /// `sort`: `ASCENDING` (the default) or `DESCENDING`.
    public var descending = false
    /// `startDate`, in milliseconds: a transaction's `purchaseDate` must be at or after it.
    public var startDate: Int64?
    /// `endDate`, in milliseconds: Apple, "the transaction's purchaseDate must be less than the endDate".
    public var endDate: Int64?
    public var productIds: Set<String> = []
    public var productTypes: Set<ProductType> = []
    /// `inAppOwnershipType`: `FAMILY_SHARED` or `PURCHASED`.
    public var inAppOwnershipType: String?
    /// `revoked`: only refunded (true) or only unrefunded (false) transactions.
    public var revoked: Bool?
    public var subscriptionGroupIdentifiers: Set<String> = []

    public init() {}

    /// The query of `request`, or Apple's error for its first parameter that is not valid.
    public static func of(_ request: ServerAPIRequest) -> Result<TransactionHistoryQuery, ServerAPIError> {
        var query = TransactionHistoryQuery()
        for (name, value) in request.query {
            switch name {
            case "revision":
                guard let token = ServerAPIPageToken(value) else { return .failure(.invalidRequestRevision) }
                query.revision = token
            case "sort":
                guard value == "ASCENDING" || value == "DESCENDING" else { return .failure(.invalidSort) }
                query.descending = value == "DESCENDING"
            case "startDate":
                guard let millis = TransactionID(value)?.value else { return .failure(.invalidStartDate) }
                query.startDate = millis
            case "endDate":
                guard let millis = TransactionID(value)?.value else { return .failure(.invalidEndDate) }
                query.endDate = millis
            case "productId":
                guard !value.isEmpty else { return .failure(.invalidProductId) }
                query.productIds.insert(value)
            case "productType":
                guard let type = appleProductTypes[value] else { return .failure(.invalidProductType) }
                query.productTypes.insert(type)
            case "inAppOwnershipType":
                guard value == "FAMILY_SHARED" || value == "PURCHASED" else { return .failure(.invalidInAppOwnershipType) }
                query.inAppOwnershipType = value
            case "revoked":
                // Apple's Python library writes the Boolean as Python spells it, `True`.
                guard ["true", "false"].contains(value.lowercased()) else { return .failure(.invalidRevoked) }
                query.revoked = value.lowercased() == "true"
            case "subscriptionGroupIdentifier":
                guard !value.isEmpty else { return .failure(.invalidSubscriptionGroupIdentifier) }
                query.subscriptionGroupIdentifiers.insert(value)
            default:
                continue
            }
        }
        if let start = query.startDate, let end = query.endDate, start >= end { return .failure(.startDateAfterEndDate) }
        return .success(query)
    }

    /// Apple's `productType` values.
    private static let appleProductTypes: [String: ProductType] = [
        "AUTO_RENEWABLE": .autoRenewable, "NON_RENEWABLE": .nonRenewing, "CONSUMABLE": .consumable, "NON_CONSUMABLE": .nonConsumable,
    ]

    /// Whether a transaction passes every filter: its purchase date in milliseconds, its
    /// product (with the product's type and subscription group identifier, when the catalog
    /// has it), its ownership type and whether it was refunded.
    public func admits(purchaseMillis: Int64, productId: String, type: ProductType?, groupIdentifier: String?,
                       ownershipType: String, refunded: Bool) -> Bool {
        if let startDate, purchaseMillis < startDate { return false }
        if let endDate, purchaseMillis >= endDate { return false }
        if !productIds.isEmpty, !productIds.contains(productId) { return false }
        if !productTypes.isEmpty, !(type.map(productTypes.contains) ?? false) { return false }
        if !subscriptionGroupIdentifiers.isEmpty, !(groupIdentifier.map(subscriptionGroupIdentifiers.contains) ?? false) { return false }
        if let inAppOwnershipType, inAppOwnershipType != ownershipType { return false }
        if let revoked, revoked != refunded { return false }
        return true
    }
}
