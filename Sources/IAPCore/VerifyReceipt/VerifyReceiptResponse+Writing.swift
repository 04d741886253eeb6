import Foundation

extension VerifyReceiptResponse {
    /// The answer as Apple's JSON, keys in alphabetical order, written directly into one buffer
    /// (a recovery's receipt lists a thousand purchases): numbers where Apple writes numbers
    /// (`status`, `adam_id`), and where it writes strings, strings — dates as Apple's three
    /// fields, milliseconds as a string, `"true"`/`"false"` and `"1"`/`"0"` flags.
    public var json: String {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(512 + listed.count * 1200)
        ByteWriter.append(to: &bytes, atMost: 64) { json in
            json.literal(#"{"environment":"#)
            json.literal(environment == .production ? #""Production""# : #""Sandbox""#)
            if let isRetryable { json.literal(isRetryable ? #","is-retryable":true"# : #","is-retryable":false"#) }
        }
        if let latestReceipt {
            bytes.append(contentsOf: #","latest_receipt":"#.utf8)
            JSONString.appendEncoderQuoted(latestReceipt, to: &bytes)
        }
        // "Only returned for receipts that contain auto-renewable subscriptions."
        if !latestReceiptInfo.isEmpty {
            bytes.append(contentsOf: #","latest_receipt_info":["#.utf8)
            Self.append(latestReceiptInfo, to: &bytes)
            bytes.append(contentsOf: #"],"pending_renewal_info":["#.utf8)
            for (index, renewal) in pendingRenewalInfo.enumerated() {
                if index > 0 { bytes.append(UInt8(ascii: ",")) }
                renewal.append(to: &bytes)
            }
            bytes.append(UInt8(ascii: "]"))
        }
        if let receipt {
            bytes.append(contentsOf: #","receipt":"#.utf8)
            receipt.append(to: &bytes)
        }
        ByteWriter.append(to: &bytes, atMost: 40) { json in
            json.literal(#","status":"#)
            json.decimal(Int64(status.rawValue))
        }
        if account != nil || restore != nil {
            bytes.append(contentsOf: #","storesim":{"#.utf8)
            if let account {
                bytes.append(contentsOf: #""account":"#.utf8)
                JSONString.appendEncoderQuoted(account, to: &bytes)
            }
            if let restore {
                ByteWriter.append(to: &bytes, atMost: 120) { json in
                    if account != nil { json.byte(UInt8(ascii: ",")) }
                    json.literal(#""restore":{"original_transaction_id":""#)
                    json.decimal(restore.originalTransactionId.value)
                    json.literal(#"","transaction_id":""#)
                    json.decimal(restore.transactionId.value)
                    json.literal(#""}"#)
                }
            }
            bytes.append(UInt8(ascii: "}"))
        }
        bytes.append(UInt8(ascii: "}"))
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Entries as the elements of `in_app` or `latest_receipt_info`, separated by commas.
    static func append(_ entries: [ReceiptEntry], to bytes: inout [UInt8]) {
        for (index, entry) in entries.enumerated() {
            if index > 0 { bytes.append(UInt8(ascii: ",")) }
            entry.appendReceiptFields(to: &bytes)
        }
    }
}

extension DecodedReceipt {
    /// `responseBody.Receipt` as Apple writes it.
    func append(to bytes: inout [UInt8]) {
        let appAppleId = environment == .production ? app.appAppleId : 0
        ByteWriter.append(to: &bytes, atMost: 900 + 6 * (app.bundleId.utf8.count + app.bundleVersion.utf8.count + originalApplicationVersion.utf8.count)) { json in
            json.literal(#"{"adam_id":"#)
            json.decimal(appAppleId)
            json.literal(#","app_item_id":"#)
            json.decimal(appAppleId)
            json.literal(#","application_version":"#)
            json.encoderQuoted(app.bundleVersion)
            json.literal(#","bundle_id":"#)
            json.encoderQuoted(app.bundleId)
            json.literal(#","download_id":0,"#)
            ReceiptDateText.write("original_purchase_date", originalPurchaseMillis, to: &json)
            json.member(#","original_application_version":"#, originalApplicationVersion)
            json.byte(UInt8(ascii: ","))
            ReceiptDateText.write("receipt_creation_date", creationMillis, to: &json)
            json.literal(#","receipt_type":"#)
            json.literal(environment == .production ? #""Production""# : #""ProductionSandbox""#)
            json.byte(UInt8(ascii: ","))
            ReceiptDateText.write("request_date", requestMillis, to: &json)
            json.literal(#","version_external_identifier":0,"in_app":["#)
        }
        VerifyReceiptResponse.append(inApp, to: &bytes)
        bytes.append(contentsOf: "]}".utf8)
    }
}

extension ReceiptEntry {
    /// One element of `in_app` or `latest_receipt_info`, Apple's fields in alphabetical order.
    func appendReceiptFields(to bytes: inout [UInt8]) {
        let strings = productId.utf8.count + (promotionalOfferId?.utf8.count ?? 0) + (offerCodeRefName?.utf8.count ?? 0)
            + (subscriptionGroupIdentifier?.utf8.count ?? 0) + (webOrderLineItemId?.utf8.count ?? 0)
            + (inAppOwnershipType?.utf8.count ?? 0)
        ByteWriter.append(to: &bytes, atMost: Self.receiptFieldsOtherBytes + 6 * strings) { json in
            json.byte(UInt8(ascii: "{"))
            if let cancellationDate {
                ReceiptDateText.write("cancellation_date", SimulatedTime.millis(cancellationDate), to: &json)
                json.quotedNumber(#","cancellation_reason":"#, Int64((cancellationReason ?? .other).rawValue))
                json.byte(UInt8(ascii: ","))
            }
            if let expires {
                ReceiptDateText.write("expires_date", SimulatedTime.millis(expires), to: &json)
                json.byte(UInt8(ascii: ","))
            }
            json.member(#""in_app_ownership_type":"#, inAppOwnershipType ?? SignedTransactionPayload.purchased)
            json.literal(isInIntroOfferPeriod == true ? #","is_in_intro_offer_period":"true""# : #","is_in_intro_offer_period":"false""#)
            json.literal(isTrialPeriod == true ? #","is_trial_period":"true""# : #","is_trial_period":"false""#)
            if isUpgraded == true { json.literal(#","is_upgraded":"true""#) }
            json.member(#","offer_code_ref_name":"#, offerCodeRefName)
            json.byte(UInt8(ascii: ","))
            ReceiptDateText.write("original_purchase_date", SimulatedTime.millis(originalPurchaseDate ?? purchaseDate), to: &json)
            json.quotedNumber(#","original_transaction_id":"#, originalTransactionId.value)
            json.member(#","product_id":"#, productId)
            json.member(#","promotional_offer_id":"#, promotionalOfferId)
            json.byte(UInt8(ascii: ","))
            ReceiptDateText.write("purchase_date", SimulatedTime.millis(purchaseDate), to: &json)
            json.literal(#","quantity":"1""#)
            json.member(#","subscription_group_identifier":"#, subscriptionGroupIdentifier)
            json.quotedNumber(#","transaction_id":"#, transactionId.value)
            json.member(#","web_order_line_item_id":"#, webOrderLineItemId)
            json.byte(UInt8(ascii: "}"))
        }
    }

    /// The most bytes of an entry besides its strings' contents: four dates (their keys three
    /// times each and `ReceiptDateText.otherBytes`), the other keys, two ids and the punctuation.
    static let receiptFieldsOtherBytes = 4 * (3 * 24 + ReceiptDateText.otherBytes) + 600
}

extension PendingRenewalInfo {
    /// One element of `pending_renewal_info`, Apple's fields in alphabetical order.
    func append(to bytes: inout [UInt8]) {
        let strings = 2 * productId.utf8.count + autoRenewProductId.utf8.count + (offerCodeRefName?.utf8.count ?? 0)
            + (promotionalOfferId?.utf8.count ?? 0)
        ByteWriter.append(to: &bytes, atMost: 600 + 6 * strings) { json in
            json.member(#"{"auto_renew_product_id":"#, autoRenewProductId)
            json.literal(autoRenews ? #","auto_renew_status":"1""# : #","auto_renew_status":"0""#)
            json.quotedNumber(#","expiration_intent":"#, expirationIntent.map(Int64.init))
            if let gracePeriodExpiresMillis {
                json.byte(UInt8(ascii: ","))
                ReceiptDateText.write("grace_period_expires_date", gracePeriodExpiresMillis, to: &json)
            }
            json.literal(isInBillingRetryPeriod ? #","is_in_billing_retry_period":"1""# : #","is_in_billing_retry_period":"0""#)
            json.member(#","offer_code_ref_name":"#, offerCodeRefName)
            json.quotedNumber(#","original_transaction_id":"#, originalTransactionId.value)
            json.quotedNumber(#","price_consent_status":"#, priceConsentStatus.map(Int64.init))
            json.member(#","product_id":"#, productId)
            json.member(#","promotional_offer_id":"#, promotionalOfferId)
            json.byte(UInt8(ascii: "}"))
        }
    }
}

extension ByteWriter {
    /// `key` (its quotes, colon and any comma before it written in it) and `value` as a JSON
    /// string, when there is a value: an optional field of Apple's, left out when absent.
    mutating func member(_ key: StaticString, _ value: String?) {
        guard let value else { return }
        literal(key)
        encoderQuoted(value)
    }

    /// `key` and a number as a string, as Apple writes ids and codes (`"original_transaction_id":
    /// "1000000000000001"`), when there is one.
    mutating func quotedNumber(_ key: StaticString, _ value: Int64?) {
        guard let value else { return }
        literal(key)
        byte(UInt8(ascii: "\""))
        decimal(value)
        byte(UInt8(ascii: "\""))
    }
}
