import Foundation

/// Why a `verifyReceipt` answer could not be read: where, and what was wrong.
public struct VerifyReceiptReadError: Error, Equatable, Sendable, CustomStringConvertible {
    public let problem: String

    public var description: String { "the verifyReceipt response \(problem)" }
}

extension VerifyReceiptResponse {
    /// Reads Apple's JSON as a backend does: by Apple's names, in any order, ignoring fields it
    /// does not know; `status` is required, and each listed purchase needs its ids, product and
    /// purchase date. A status Apple does not document is refused.
    public init(reading json: String) throws(VerifyReceiptReadError) {
        var cursor = JSONCursor(json)
        var status: Int64?, environment = StoreEnvironment.production
        var fields = VerifyReceiptResponse(status: .valid, environment: .production)
        do {
            try cursor.object { (key: JSONKey, value: inout JSONCursor) throws(JSONCursorError) in
                switch key {
                case "status": status = try value.integer()
                case "environment": environment = try value.string() == "Sandbox" ? .sandbox : .production
                case "is-retryable": fields.isRetryable = try value.bool()
                case "latest_receipt": fields.latestReceipt = try value.string()
                case "latest_receipt_info": fields.latestReceiptInfo = try Self.entries(&value, "latest_receipt_info")
                case "pending_renewal_info": fields.pendingRenewalInfo = try Self.renewals(&value)
                case "receipt": fields.receipt = try DecodedReceipt(reading: &value)
                case "storesim": try Self.readOwn(&value, into: &fields)
                default: try value.skip()
                }
            }
            try cursor.end()
        } catch {
            throw VerifyReceiptReadError(problem: "is not Apple's JSON: \(error)")
        }
        guard let code = status else { throw VerifyReceiptReadError(problem: "has no status") }
        guard let known = Int(exactly: code).flatMap(ReceiptStatus.init(code:)) else {
            throw VerifyReceiptReadError(problem: "has status \(code), which Apple does not document")
        }
        let retryable = fields.isRetryable
        self = fields
        self.status = known
        self.environment = environment
        self.isRetryable = retryable
        attribute()
    }

    /// Gives every listed purchase the receipt's account, the restore it restores, and the end of
    /// its subscription's grace period while billing is retried (`pending_renewal_info`).
    private mutating func attribute() {
        var grace: [TransactionID: Date] = [:]
        for renewal in pendingRenewalInfo where renewal.isInBillingRetryPeriod {
            if let millis = renewal.gracePeriodExpiresMillis { grace[renewal.originalTransactionId] = SimulatedTime.date(millis: millis) }
        }
        let account = self.account ?? "", restore = self.restore
        func attributed(_ entry: ReceiptEntry) -> ReceiptEntry {
            var made = ReceiptEntry(transactionId: entry.transactionId, originalTransactionId: entry.originalTransactionId,
                                    productId: entry.productId, account: account, purchaseDate: entry.purchaseDate,
                                    expires: entry.expires, revoked: entry.revoked,
                                    restoringTransactionId: restore?.originalTransactionId == entry.originalTransactionId
                                        ? restore?.transactionId : nil)
            made.copyReceiptFields(of: entry)
            made.graceExpires = grace.isEmpty ? nil : grace[entry.originalTransactionId]
            return made
        }
        if var decoded = receipt {
            decoded.inApp = decoded.inApp.map(attributed)
            receipt = decoded
        }
        latestReceiptInfo = latestReceiptInfo.map(attributed)
    }

    private static func readOwn(_ value: inout JSONCursor, into fields: inout VerifyReceiptResponse) throws(JSONCursorError) {
        try value.object { (key: JSONKey, own: inout JSONCursor) throws(JSONCursorError) in
            switch key {
            case "account": fields.account = try own.string()
            case "restore":
                var id: TransactionID?, original: TransactionID?
                try own.object { (key: JSONKey, restore: inout JSONCursor) throws(JSONCursorError) in
                    switch key {
                    case "transaction_id": id = try restore.transactionId()
                    case "original_transaction_id": original = try restore.transactionId()
                    default: try restore.skip()
                    }
                }
                guard let id, let original else { throw own.failure("a restore's transaction_id and original_transaction_id") }
                fields.restore = RestoreNote(transactionId: id, originalTransactionId: original)
            default: try own.skip()
            }
        }
    }

    /// The elements of `in_app` or `latest_receipt_info`.
    static func entries(_ value: inout JSONCursor, _ name: String) throws(JSONCursorError) -> [ReceiptEntry] {
        var entries: [ReceiptEntry] = []
        try value.array { (element: inout JSONCursor) throws(JSONCursorError) in
            entries.append(try ReceiptEntry(readingReceiptFields: &element, in: name))
        }
        return entries
    }

    private static func renewals(_ value: inout JSONCursor) throws(JSONCursorError) -> [PendingRenewalInfo] {
        var renewals: [PendingRenewalInfo] = []
        try value.array { (element: inout JSONCursor) throws(JSONCursorError) in
            renewals.append(try PendingRenewalInfo(reading: &element))
        }
        return renewals
    }
}

extension DecodedReceipt {
    init(reading value: inout JSONCursor) throws(JSONCursorError) {
        var app = AppIdentity(bundleId: "", appAppleId: 0, bundleVersion: "")
        var environment = StoreEnvironment.production, creation: Int64 = 0, request: Int64 = 0, original: Int64 = 0
        var inApp: [ReceiptEntry] = [], originalVersion: String?
        try value.object { (key: JSONKey, field: inout JSONCursor) throws(JSONCursorError) in
            switch key {
            case "bundle_id": app.bundleId = try field.string()
            case "adam_id": app.appAppleId = try field.integer()
            case "application_version": app.bundleVersion = try field.string()
            case "original_application_version": originalVersion = try field.string()
            case "receipt_type": environment = try field.string().hasSuffix("Sandbox") ? .sandbox : .production
            case "receipt_creation_date_ms": creation = try field.millis()
            case "request_date_ms": request = try field.millis()
            case "original_purchase_date_ms": original = try field.millis()
            case "in_app": inApp = try VerifyReceiptResponse.entries(&field, "in_app")
            default: try field.skip()
            }
        }
        self.init(app: app, environment: environment, creationMillis: creation, requestMillis: request,
                  originalPurchaseMillis: original, inApp: inApp)
        originalApplicationVersion = originalVersion ?? app.bundleVersion
    }
}

extension ReceiptEntry {
    /// An element of `in_app` or `latest_receipt_info`, without the account the response names.
    init(readingReceiptFields value: inout JSONCursor, in name: String) throws(JSONCursorError) {
        var id: TransactionID?, original: TransactionID?, product: String?, purchased: Int64?
        var read = ReceiptEntry(transactionId: TransactionID(0), originalTransactionId: TransactionID(0), productId: "",
                                account: "", purchaseDate: SimulatedTime.epoch)
        var expires: Int64?
        try value.object { (key: JSONKey, field: inout JSONCursor) throws(JSONCursorError) in
            switch key {
            case "transaction_id": id = try field.transactionId()
            case "original_transaction_id": original = try field.transactionId()
            case "product_id": product = try field.string()
            case "purchase_date_ms": purchased = try field.millis()
            case "original_purchase_date_ms": read.originalPurchaseDate = SimulatedTime.date(millis: try field.millis())
            case "expires_date_ms": expires = try field.millis()
            case "cancellation_date_ms": read.cancellationDate = SimulatedTime.date(millis: try field.millis())
            case "cancellation_reason": read.cancellationReason = Int(try field.string()).flatMap(RevocationReason.init(rawValue:))
            case "is_trial_period": read.isTrialPeriod = try field.string() == "true"
            case "is_in_intro_offer_period": read.isInIntroOfferPeriod = try field.string() == "true"
            case "is_upgraded": read.isUpgraded = try field.string() == "true"
            case "promotional_offer_id": read.promotionalOfferId = try field.string()
            case "offer_code_ref_name": read.offerCodeRefName = try field.string()
            case "in_app_ownership_type": read.inAppOwnershipType = try field.string()
            case "web_order_line_item_id": read.webOrderLineItemId = try field.string()
            case "subscription_group_identifier": read.subscriptionGroupIdentifier = try field.string()
            default: try field.skip()
            }
        }
        guard let id, let original, let product, let purchased else {
            throw value.failure("an element of \(name) with transaction_id, original_transaction_id, product_id and purchase_date_ms")
        }
        self.init(transactionId: id, originalTransactionId: original, productId: product, account: "",
                  purchaseDate: SimulatedTime.date(millis: purchased), expires: expires.map { SimulatedTime.date(millis: $0) },
                  revoked: read.cancellationDate != nil)
        copyReceiptFields(of: read)
        if inAppOwnershipType == SignedTransactionPayload.purchased { inAppOwnershipType = nil }
    }

    /// Takes the receipt's optional fields from `other`.
    mutating func copyReceiptFields(of other: ReceiptEntry) {
        isTrialPeriod = other.isTrialPeriod
        isInIntroOfferPeriod = other.isInIntroOfferPeriod
        promotionalOfferId = other.promotionalOfferId
        offerCodeRefName = other.offerCodeRefName
        inAppOwnershipType = other.inAppOwnershipType
        originalPurchaseDate = other.originalPurchaseDate
        cancellationDate = other.cancellationDate
        cancellationReason = other.cancellationReason
        webOrderLineItemId = other.webOrderLineItemId
        subscriptionGroupIdentifier = other.subscriptionGroupIdentifier
        isUpgraded = other.isUpgraded
    }
}

extension PendingRenewalInfo {
    init(reading value: inout JSONCursor) throws(JSONCursorError) {
        var original: TransactionID?, product: String?, renewsAs: String?, status: String?, retrying = false
        var read = PendingRenewalInfo(originalTransactionId: TransactionID(0), productId: "", autoRenewProductId: "",
                                      autoRenews: true, isInBillingRetryPeriod: false)
        try value.object { (key: JSONKey, field: inout JSONCursor) throws(JSONCursorError) in
            switch key {
            case "original_transaction_id": original = try field.transactionId()
            case "product_id": product = try field.string()
            case "auto_renew_product_id": renewsAs = try field.string()
            case "auto_renew_status": status = try field.string()
            case "is_in_billing_retry_period": retrying = try field.string() == "1"
            case "expiration_intent": read.expirationIntent = Int(try field.string())
            case "grace_period_expires_date_ms": read.gracePeriodExpiresMillis = try field.millis()
            case "price_consent_status": read.priceConsentStatus = Int(try field.string())
            case "offer_code_ref_name": read.offerCodeRefName = try field.string()
            case "promotional_offer_id": read.promotionalOfferId = try field.string()
            default: try field.skip()
            }
        }
        guard let original, let product else { throw value.failure("an element of pending_renewal_info with its ids") }
        self = read
        originalTransactionId = original
        productId = product
        autoRenewProductId = renewsAs ?? product
        autoRenews = status != "0"
        isInBillingRetryPeriod = retrying
    }
}

extension JSONCursor {
    /// A moment in milliseconds, as Apple writes `…_ms`: a string of digits.
    mutating func millis() throws(JSONCursorError) -> Int64 {
        try decimalString()
    }

    /// A transaction id as Apple writes one: a string of digits, as `TransactionID` reads them.
    mutating func transactionId() throws(JSONCursorError) -> TransactionID {
        let start = self
        guard let value = try stringBytes().withUnsafeBufferPointer(TransactionID.parse) else {
            throw start.failure("a transaction id: a string of digits")
        }
        return TransactionID(value)
    }
}
