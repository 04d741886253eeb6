/// The body of Get Notification History (Apple's `NotificationHistoryRequest`), read and checked
/// as Apple documents it: `startDate` and `endDate` are required; the start may be no more than
/// 180 days ago ("The startDate needs to be no more than 180 days in the past"); the start
/// precedes the end; and "You can filter by notificationType, or by transactionId, but not both".
public struct NotificationHistoryQuery: Sendable, Equatable {
    public var startDate: Int64 = 0
    public var endDate: Int64 = 0
    public var notificationType: String?
    public var notificationSubtype: String?
    public var transactionId: TransactionID?
    /// `onlyFailures`: only the notifications the Server never acknowledged.
    public var onlyFailures = false

    public init() {}

    /// How far back `startDate` may reach.
    public static let oldestStartDays: Int64 = 180

    /// The query `body` holds, checked at `nowMillis`, or Apple's error for what is not valid.
    public static func of(_ body: [UInt8], nowMillis: Int64) -> Result<NotificationHistoryQuery, ServerAPIError> {
        var query = NotificationHistoryQuery()
        var start: Int64?, end: Int64?, invalid: ServerAPIError?
        var cursor = JSONCursor(String(decoding: body, as: UTF8.self))
        do {
            try cursor.object { (key, value) throws(JSONCursorError) in
                guard !value.null() else { return }
                switch key {
                case "startDate":
                    start = try value.integerIfWhole()
                    if start == nil { invalid = invalid ?? .invalidStartDate }
                case "endDate":
                    end = try value.integerIfWhole()
                    if end == nil { invalid = invalid ?? .invalidEndDate }
                case "notificationType":
                    query.notificationType = try value.stringIfString()
                    if !appleTypes.contains(query.notificationType ?? "") { invalid = invalid ?? .invalidNotificationType }
                case "notificationSubtype":
                    query.notificationSubtype = try value.stringIfString()
                    if !appleSubtypes.contains(query.notificationSubtype ?? "") { invalid = invalid ?? .invalidNotificationType }
                case "transactionId":
                    query.transactionId = try value.stringIfString().flatMap { TransactionID($0) }
                    if query.transactionId == nil { invalid = invalid ?? .invalidTransactionId }
                case "onlyFailures":
                    guard let only = try value.boolIfBool() else { throw value.failure("true or false") }
                    query.onlyFailures = only
                default: try value.skip()
                }
            }
            try cursor.end()
        } catch {
            return .failure(.generalBadRequest)
        }
        if let invalid { return .failure(invalid) }
        guard let start else { return .failure(.invalidStartDate) }
        guard let end else { return .failure(.invalidEndDate) }
        if query.notificationSubtype != nil, query.notificationType == nil { return .failure(.invalidNotificationType) }
        if query.notificationType != nil, query.transactionId != nil { return .failure(.multipleFiltersSupplied) }
        if start < nowMillis - oldestStartDays * 86_400_000 { return .failure(.startDateTooFarInPast) }
        if start >= end { return .failure(.startDateAfterEndDate) }
        query.startDate = start
        query.endDate = end
        return .success(query)
    }

    /// Apple's `notificationType` values (`NotificationTypeV2`).
    static let appleTypes: Set<String> = [
        "SUBSCRIBED", "DID_CHANGE_RENEWAL_PREF", "DID_CHANGE_RENEWAL_STATUS", "OFFER_REDEEMED", "DID_RENEW", "EXPIRED",
        "DID_FAIL_TO_RENEW", "GRACE_PERIOD_EXPIRED", "PRICE_INCREASE", "REFUND", "REFUND_DECLINED", "CONSUMPTION_REQUEST",
        "RENEWAL_EXTENDED", "REVOKE", "TEST", "RENEWAL_EXTENSION", "REFUND_REVERSED", "EXTERNAL_PURCHASE_TOKEN", "ONE_TIME_CHARGE",
        "RESCIND_CONSENT", "METADATA_UPDATE", "MIGRATION", "PRICE_CHANGE",
    ]

    /// Apple's `subtype` values.
    static let appleSubtypes: Set<String> = [
        "INITIAL_BUY", "RESUBSCRIBE", "DOWNGRADE", "UPGRADE", "AUTO_RENEW_ENABLED", "AUTO_RENEW_DISABLED", "VOLUNTARY",
        "BILLING_RETRY", "PRICE_INCREASE", "GRACE_PERIOD", "PENDING", "ACCEPTED", "BILLING_RECOVERY", "PRODUCT_NOT_FOR_SALE",
        "SUMMARY", "FAILURE", "UNREPORTED",
    ]
}
