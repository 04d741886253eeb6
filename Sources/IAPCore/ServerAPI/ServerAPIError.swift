/// One of the App Store Server API's errors: Apple's `errorCode`, the HTTP status Apple answers
/// it with (the code's first three digits) and its `errorMessage` as Apple's documentation words
/// it; or, without a code, a path (404) or a method (405) the API does not have.
public struct ServerAPIError: Error, Sendable, Equatable {
    /// Apple's `errorCode`; nil for a bare HTTP status.
    public let code: Int?
    public let status: Int
    public let message: String

    /// An error Apple numbers: its status is the code's first three digits (4000006 is a 400).
    public init(code: Int, message: String) {
        self.code = code
        status = code / 10_000
        self.message = message
    }

    private init(status: Int, message: String) {
        code = nil
        self.status = status
        self.message = message
    }

    /// A path the App Store Server API does not have.
    public static let notFound = ServerAPIError(status: 404, message: "Not Found")
    /// A path the API has, asked with another method.
    public static let methodNotAllowed = ServerAPIError(status: 405, message: "Method Not Allowed")

    public static let generalBadRequest = ServerAPIError(code: 4_000_000, message: "An error that indicates an invalid request.")
    public static let invalidRequestRevision = ServerAPIError(code: 4_000_005, message: "An error that indicates an invalid request revision.")
    public static let invalidTransactionId = ServerAPIError(code: 4_000_006, message: "An error that indicates an invalid transaction identifier.")
    public static let invalidOriginalTransactionId = ServerAPIError(
        code: 4_000_008, message: "An error that indicates an invalid original transaction identifier.")
    public static let invalidExtendByDays = ServerAPIError(code: 4_000_009, message: "An error that indicates an invalid extend-by-days value.")
    public static let invalidExtendReasonCode = ServerAPIError(code: 4_000_010, message: "An error that indicates an invalid reason code.")
    public static let invalidRequestIdentifier = ServerAPIError(code: 4_000_011, message: "An error that indicates an invalid request identifier.")
    public static let startDateTooFarInPast = ServerAPIError(
        code: 4_000_012, message: "An error that indicates that the start date is earlier than the earliest allowed date.")
    public static let startDateAfterEndDate = ServerAPIError(
        code: 4_000_013, message: "An error that indicates that the end date precedes the start date, or the two dates are equal.")
    /// Apple's code for a body past the limit (Retention Messaging's `BodyTooLongError`), which
    /// `storesim serve` answers for any body over 1 MiB.
    public static let bodyTooLong = ServerAPIError(code: 4_000_163, message: "An error that indicates the body text is too long.")
    public static let invalidPaginationToken = ServerAPIError(code: 4_000_014, message: "An error that indicates the pagination token is invalid.")
    public static let invalidStartDate = ServerAPIError(code: 4_000_015, message: "An error that indicates the start date is invalid.")
    public static let invalidEndDate = ServerAPIError(code: 4_000_016, message: "An error that indicates the end date is invalid.")
    public static let invalidNotificationType = ServerAPIError(
        code: 4_000_018, message: "An error that indicates the notification type or subtype is invalid.")
    public static let multipleFiltersSupplied = ServerAPIError(
        code: 4_000_019, message: "An error that indicates the request is invalid because it has too many constraints applied.")
    public static let invalidTestNotificationToken = ServerAPIError(
        code: 4_000_020, message: "An error that indicates the test notification token is invalid.")
    public static let invalidSort = ServerAPIError(code: 4_000_021, message: "An error that indicates an invalid sort parameter.")
    public static let invalidProductType = ServerAPIError(code: 4_000_022, message: "An error that indicates an invalid product type parameter.")
    public static let invalidProductId = ServerAPIError(code: 4_000_023, message: "An error that indicates the product ID parameter is invalid.")
    public static let invalidSubscriptionGroupIdentifier = ServerAPIError(
        code: 4_000_024, message: "An error that indicates an invalid subscription group identifier.")
    public static let invalidInAppOwnershipType = ServerAPIError(
        code: 4_000_026, message: "An error that indicates an invalid in-app ownership type parameter.")
    public static let invalidRevoked = ServerAPIError(
        code: 4_000_030, message: "An error that indicates the revoked parameter contains an invalid value.")
    public static let invalidStatus = ServerAPIError(code: 4_000_031, message: "An error that indicates the status parameter is invalid.")
    public static let invalidAccountTenure = ServerAPIError(
        code: 4_000_032, message: "An error that indicates the value of the account tenure field is invalid.")
    public static let invalidAppAccountToken = ServerAPIError(
        code: 4_000_033, message: "An error that indicates the value of the app account token field is invalid.")
    public static let invalidConsumptionStatus = ServerAPIError(
        code: 4_000_034, message: "An error that indicates the value of the consumption status field is invalid.")
    public static let invalidCustomerConsented = ServerAPIError(
        code: 4_000_035, message: "An error that indicates the customer consented field is invalid or doesn’t indicate that the customer consented.")
    public static let invalidDeliveryStatus = ServerAPIError(
        code: 4_000_036, message: "An error that indicates the value in the delivery status field is invalid.")
    public static let invalidLifetimeDollarsPurchased = ServerAPIError(
        code: 4_000_037, message: "An error that indicates the value in the lifetime dollars purchased field is invalid.")
    public static let invalidLifetimeDollarsRefunded = ServerAPIError(
        code: 4_000_038, message: "An error that indicates the value in the lifetime dollars refunded field is invalid.")
    public static let invalidPlatform = ServerAPIError(code: 4_000_039, message: "An error that indicates the value in the platform field is invalid.")
    public static let invalidPlayTime = ServerAPIError(code: 4_000_040, message: "An error that indicates the value in the playtime field is invalid.")
    public static let invalidSampleContentProvided = ServerAPIError(
        code: 4_000_041, message: "An error that indicates the value in the sample content provided field is invalid.")
    public static let invalidUserStatus = ServerAPIError(code: 4_000_042, message: "An error that indicates the value in the user status field is invalid.")
    public static let invalidTransactionTypeNotSupported = ServerAPIError(
        code: 4_000_047, message: "An error that indicates the transaction identifier represents an unsupported in-app purchase type.")
    public static let subscriptionExtensionIneligible = ServerAPIError(
        code: 4_030_004,
        message: "An error that indicates the subscription doesn't qualify for a renewal-date extension due to its subscription state.")
    public static let subscriptionMaxExtension = ServerAPIError(
        code: 4_030_005,
        message: "An error that indicates the subscription doesn’t qualify for a renewal-date extension because it has already received the maximum extensions.")
    public static let accountNotFound = ServerAPIError(code: 4_040_001, message: "An error that indicates the App Store account wasn’t found.")
    public static let originalTransactionIdNotFound = ServerAPIError(
        code: 4_040_005, message: "An error that indicates an original transaction identifier wasn't found.")
    public static let serverNotificationURLNotFound = ServerAPIError(
        code: 4_040_007,
        message: "An error that indicates that the App Store server couldn’t find a notifications URL for your app in this environment.")
    public static let testNotificationNotFound = ServerAPIError(
        code: 4_040_008,
        message: "An error that indicates that the test notification token is expired or the test notification status isn’t available.")
    public static let transactionIdNotFound = ServerAPIError(code: 4_040_010, message: "An error that indicates a transaction identifier wasn't found.")
    public static let rateLimitExceeded = ServerAPIError(code: 4_290_000, message: "An error that indicates that the request exceeded the rate limit.")
    public static let generalInternal = ServerAPIError(code: 5_000_000, message: "An error that indicates a general internal error.")
    public static let generalInternalRetryable = ServerAPIError(
        code: 5_000_001, message: "An error response that indicates an unknown error occurred, but you can try again.")
}
