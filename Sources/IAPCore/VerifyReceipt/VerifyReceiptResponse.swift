import Foundation

/// Apple's `verifyReceipt` answer, its `responseBody`: the Store writes it as Apple's JSON
/// (`json`), and the Server reads that JSON back (`init(reading:)`), as a real backend reads
/// Apple's. What StoreSim needs beyond Apple's fields (the simulated account the receipt belongs
/// to, the purchase a restore restores) travels in one object of its own, `storesim`, which a
/// reader of Apple's fields ignores.
public struct VerifyReceiptResponse: Sendable, Equatable {
    /// Apple's `status`: 0, or the code of what went wrong.
    public var status: ReceiptStatus
    /// Apple's `environment`: where the receipt was generated.
    public var environment: StoreEnvironment
    /// Apple's `is-retryable`, "only applicable to status codes 21100-21199": whether to ask again.
    public var isRetryable: Bool?
    /// Apple's `receipt`, the decoded receipt sent; nil when the receipt could not be read.
    public var receipt: DecodedReceipt?
    /// Apple's `latest_receipt_info`, for a receipt with auto-renewable subscriptions.
    public var latestReceiptInfo: [ReceiptEntry]
    /// Apple's `pending_renewal_info`, one element an auto-renewable subscription.
    public var pendingRenewalInfo: [PendingRenewalInfo]
    /// Apple's `latest_receipt`: the latest base64 app receipt, for one with subscriptions.
    public var latestReceipt: String?
    /// StoreSim's own: the simulated App Store account the receipt belongs to.
    public var account: String?
    /// StoreSim's own: the restore transaction the request named and the purchase it restores.
    public var restore: RestoreNote?

    public init(status: ReceiptStatus, environment: StoreEnvironment, receipt: DecodedReceipt? = nil,
                latestReceiptInfo: [ReceiptEntry] = [], pendingRenewalInfo: [PendingRenewalInfo] = [],
                latestReceipt: String? = nil, account: String? = nil) {
        self.status = status
        self.environment = environment
        self.isRetryable = status.isInternalError ? true : nil
        self.receipt = receipt
        self.latestReceiptInfo = latestReceiptInfo
        self.pendingRenewalInfo = pendingRenewalInfo
        self.latestReceipt = latestReceipt
        self.account = account
    }

    /// Every purchase the answer lists: the receipt's `in_app`, then `latest_receipt_info`.
    public var listed: [ReceiptEntry] { (receipt?.inApp ?? []) + latestReceiptInfo }
}

/// StoreSim's own note of a restore in a verifyReceipt answer: the restore transaction the
/// request named and the purchase it restores.
public struct RestoreNote: Sendable, Equatable {
    public let transactionId: TransactionID
    public let originalTransactionId: TransactionID

    public init(transactionId: TransactionID, originalTransactionId: TransactionID) {
        self.transactionId = transactionId
        self.originalTransactionId = originalTransactionId
    }
}

/// Apple's `responseBody.Receipt`: the app receipt sent, decoded.
public struct DecodedReceipt: Sendable, Equatable {
    /// `bundle_id`, `adam_id` and `app_item_id` (the App Apple ID; 0 in the sandbox, as Apple
    /// writes it for apps not downloaded from the App Store) and `application_version`.
    public var app: AppIdentity
    /// `receipt_type`: `Production` or `ProductionSandbox`.
    public var environment: StoreEnvironment
    /// `receipt_creation_date_ms`: when the App Store created the receipt.
    public var creationMillis: Int64
    /// `request_date_ms`: when the request was processed.
    public var requestMillis: Int64
    /// `original_purchase_date_ms`: when the app was first downloaded (a world starts with it installed).
    public var originalPurchaseMillis: Int64
    /// `in_app`: every in-app purchase the receipt lists.
    public var inApp: [ReceiptEntry]
    /// `original_application_version`: the version the customer first downloaded (the app's own, unless told).
    public var originalApplicationVersion: String

    public init(app: AppIdentity, environment: StoreEnvironment, creationMillis: Int64, requestMillis: Int64,
                originalPurchaseMillis: Int64, inApp: [ReceiptEntry]) {
        self.app = app
        self.environment = environment
        self.creationMillis = creationMillis
        self.requestMillis = requestMillis
        self.originalPurchaseMillis = originalPurchaseMillis
        self.inApp = inApp
        originalApplicationVersion = app.bundleVersion
    }
}

/// One element of Apple's `pending_renewal_info`: how an auto-renewable subscription will renew.
public struct PendingRenewalInfo: Sendable, Equatable {
    public var originalTransactionId: TransactionID
    public var productId: String
    /// `auto_renew_product_id`: what the subscription renews as.
    public var autoRenewProductId: String
    /// `auto_renew_status`: "1" while it renews, "0" once the customer turned renewal off.
    public var autoRenews: Bool
    /// `expiration_intent`, for a subscription that expired: "1" the customer canceled, "2" a
    /// billing error, "3" a price increase not consented to.
    public var expirationIntent: Int?
    /// `is_in_billing_retry_period`: the App Store is still trying to renew it.
    public var isInBillingRetryPeriod: Bool
    /// `grace_period_expires_date_ms`: the end of the billing grace period, while there is one.
    public var gracePeriodExpiresMillis: Int64?
    /// `price_consent_status`: "0" while a price increase waits for the customer's consent, "1" once given.
    public var priceConsentStatus: Int?
    /// `offer_code_ref_name` / `promotional_offer_id`: the offer the next renewal is under.
    public var offerCodeRefName: String?
    public var promotionalOfferId: String?

    public init(originalTransactionId: TransactionID, productId: String, autoRenewProductId: String, autoRenews: Bool,
                isInBillingRetryPeriod: Bool) {
        self.originalTransactionId = originalTransactionId
        self.productId = productId
        self.autoRenewProductId = autoRenewProductId
        self.autoRenews = autoRenews
        self.isInBillingRetryPeriod = isInBillingRetryPeriod
    }
}
