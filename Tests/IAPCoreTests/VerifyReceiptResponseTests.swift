import Foundation
import IAPCore
import Testing

/// The `verifyReceipt` answer as Apple's JSON and back: what the Store writes, the Server reads
/// unchanged; the reader is a backend's — Apple's names in any order, unknown fields ignored, a
/// status Apple does not document refused; Pacific time follows daylight saving time.
@Suite struct VerifyReceiptResponseTests {
    private static let millis: Int64 = 1_767_225_612_500

    private static func entry(_ id: Int64, original: Int64? = nil, revoked: Bool = false) -> ReceiptEntry {
        var entry = ReceiptEntry(transactionId: TransactionID(id), originalTransactionId: TransactionID(original ?? id),
                                 productId: "com.example.monthly", account: "demo",
                                 purchaseDate: SimulatedTime.date(millis: millis + id % 1000),
                                 expires: SimulatedTime.date(millis: millis + 2_592_000_000), revoked: revoked)
        entry.originalPurchaseDate = SimulatedTime.date(millis: millis)
        entry.isTrialPeriod = false
        entry.isInIntroOfferPeriod = true
        entry.webOrderLineItemId = "180000000000000042"
        return entry
    }

    private static func subscriptionAnswer() -> VerifyReceiptResponse {
        var refunded = entry(1000000000000002, original: 1000000000000001, revoked: true)
        refunded.cancellationDate = SimulatedTime.date(millis: millis + 60_000)
        refunded.cancellationReason = .appIssue
        var latest = entry(1000000000000003, original: 1000000000000001)
        latest.subscriptionGroupIdentifier = "21000001"
        latest.isUpgraded = true
        latest.promotionalOfferId = "back \"soon\""
        var renewal = PendingRenewalInfo(originalTransactionId: TransactionID(1000000000000001), productId: "com.example.monthly",
                                         autoRenewProductId: "com.example.yearly", autoRenews: false, isInBillingRetryPeriod: true)
        renewal.expirationIntent = 2
        renewal.gracePeriodExpiresMillis = millis + 3_000_000
        renewal.priceConsentStatus = 0
        var answer = VerifyReceiptResponse(
            status: .valid, environment: .sandbox,
            receipt: DecodedReceipt(app: AppIdentity(bundleId: "com.example.shop", appAppleId: 6470000042, bundleVersion: "7.1.2"),
                                    environment: .sandbox, creationMillis: millis, requestMillis: millis + 5000,
                                    originalPurchaseMillis: millis - 1000, inApp: [entry(1000000000000001), refunded]),
            latestReceiptInfo: [latest], pendingRenewalInfo: [renewal], latestReceipt: "MIIT+base64/==", account: "demo")
        answer.restore = RestoreNote(transactionId: TransactionID(1000000000000009), originalTransactionId: TransactionID(1000000000000001))
        return answer
    }

    @Test func whatTheStoreWritesTheServerReadsUnchanged() throws {
        let written = Self.subscriptionAnswer()
        var read = try VerifyReceiptResponse(reading: written.json)
        #expect(read.status == .valid && read.environment == .sandbox && read.latestReceipt == "MIIT+base64/==")
        #expect(read.receipt?.app == AppIdentity(bundleId: "com.example.shop", appAppleId: 0, bundleVersion: "7.1.2"),
                "the sandbox's receipt names App Apple ID 0")
        #expect(read.pendingRenewalInfo == written.pendingRenewalInfo)
        // What the reader adds: the account to every entry, the restore to the purchase it
        // restores, the grace period's end to the subscription retried.
        #expect(read.listed.allSatisfy { $0.account == "demo" })
        #expect(read.listed.map(\.restoringTransactionId) == Array(repeating: TransactionID(1000000000000009), count: 3))
        #expect(read.listed.allSatisfy { $0.graceExpires == SimulatedTime.date(millis: Self.millis + 3_000_000) })
        read.receipt?.app.appAppleId = 6470000042
        for index in read.latestReceiptInfo.indices { read.latestReceiptInfo[index].graceExpires = nil }
        #expect(read.latestReceiptInfo.map(\.promotionalOfferId) == ["back \"soon\""])
        #expect(read.latestReceiptInfo.first?.isUpgraded == true)
        #expect(read.receipt?.inApp.last?.cancellationReason == .appIssue)
        #expect(read.receipt?.inApp.last?.revoked == true)
    }

    @Test func typesAreApplesStringsAndNumbers() throws {
        let body = try #require(try JSONSerialization.jsonObject(with: Data(Self.subscriptionAnswer().json.utf8)) as? [String: Any])
        #expect(body["status"] as? Int == 0)
        let latest = try #require((body["latest_receipt_info"] as? [[String: Any]])?.first)
        #expect(latest["is_upgraded"] as? String == "true")
        #expect(latest["is_in_intro_offer_period"] as? String == "true")
        #expect(latest["expires_date_ms"] as? String == String(Self.millis + 2_592_000_000))
        #expect(latest["subscription_group_identifier"] as? String == "21000001")
        #expect(latest["web_order_line_item_id"] as? String == "180000000000000042")
        let refunded = try #require(((body["receipt"] as? [String: Any])?["in_app"] as? [[String: Any]])?.last)
        #expect(refunded["cancellation_reason"] as? String == "1")
        #expect(refunded["cancellation_date_ms"] as? String == String(Self.millis + 60_000))
        let renewal = try #require((body["pending_renewal_info"] as? [[String: Any]])?.first)
        #expect(renewal["auto_renew_status"] as? String == "0")
        #expect(renewal["is_in_billing_retry_period"] as? String == "1")
        #expect(renewal["expiration_intent"] as? String == "2")
        #expect(renewal["price_consent_status"] as? String == "0")
        #expect(renewal["grace_period_expires_date_ms"] as? String == String(Self.millis + 3_000_000))
        #expect((body["storesim"] as? [String: Any])?["account"] as? String == "demo")
    }

    /// Pacific time: "the second Sunday in March" to "the first Sunday in November" (Energy
    /// Policy Act of 2005), at 2:00 local time.
    @Test(arguments: [
        ("2026-03-08 09:59:59", "2026-03-08 01:59:59 America/Los_Angeles"),
        ("2026-03-08 10:00:00", "2026-03-08 03:00:00 America/Los_Angeles"),
        ("2026-11-01 08:59:59", "2026-11-01 01:59:59 America/Los_Angeles"),
        ("2026-11-01 09:00:00", "2026-11-01 01:00:00 America/Los_Angeles"),
        ("2026-07-04 12:00:00", "2026-07-04 05:00:00 America/Los_Angeles"),
        ("2006-04-02 10:00:00", "2006-04-02 03:00:00 America/Los_Angeles"),
        ("2006-10-29 09:00:00", "2006-10-29 01:00:00 America/Los_Angeles"),
        ("2099-12-31 23:59:59", "2099-12-31 15:59:59 America/Los_Angeles"),
    ])
    func pacificTimeFollowsDaylightSavingTime(_ utc: String, _ pacific: String) throws {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = "yyyy-MM-dd HH:mm:ss"
        let date = try #require(formatter.date(from: utc))
        let answer = VerifyReceiptResponse(
            status: .valid, environment: .production,
            receipt: DecodedReceipt(app: .standard, environment: .production, creationMillis: SimulatedTime.millis(date),
                                    requestMillis: 0, originalPurchaseMillis: 0, inApp: []))
        let receipt = try #require((try JSONSerialization.jsonObject(with: Data(answer.json.utf8)) as? [String: Any])?["receipt"]
            as? [String: Any])
        #expect(receipt["receipt_creation_date"] as? String == utc + " Etc/GMT")
        #expect(receipt["receipt_creation_date_pst"] as? String == pacific)
        // Foundation's own time zone database agrees.
        formatter.timeZone = TimeZone(identifier: "America/Los_Angeles")
        #expect(formatter.string(from: date) + " America/Los_Angeles" == pacific)
    }

    @Test func aBackendReadsApplesFieldsInAnyOrderAndIgnoresOthers() throws {
        let text = """
            {"unique_identifier": "9d857b", "status": 21100, "is-retryable": true, "environment": "Sandbox",
             "receipt": {"in_app": [{"quantity": "1", "purchase_date_ms": "1648881069711", "product_id": "p\\u00e9",
                                     "transaction_id": "2000000024647285", "original_transaction_id": "2000000024647285",
                                     "bvrs": 1.5e3, "nested": [{"a": null}]}]}}
            """
        let read = try VerifyReceiptResponse(reading: text)
        #expect(read.status == .internalError && read.isRetryable == true && read.environment == .sandbox)
        #expect(read.receipt?.inApp.map(\.productId) == ["pé"])
        #expect(read.receipt?.inApp.first?.purchaseDate == SimulatedTime.date(millis: 1_648_881_069_711))
    }

    @Test(arguments: [
        (#"{"environment": "Production"}"#, "the verifyReceipt response has no status"),
        (#"{"status": 21011}"#, "the verifyReceipt response has status 21011, which Apple does not document"),
        (#"{"status": 0, "receipt": {"in_app": [{"transaction_id": "1"}]}}"#,
         "the verifyReceipt response is not Apple's JSON: at byte 60: expected an element of in_app with transaction_id, original_transaction_id, product_id and purchase_date_ms"),
        (#"{"status": 0"#, "the verifyReceipt response is not Apple's JSON: at byte 12: expected ',' or '}' in an object"),
        (#"{"status": "0"}"#, "the verifyReceipt response is not Apple's JSON: at byte 11: expected a whole number"),
        (String(repeating: "[", count: 100_000), "the verifyReceipt response is not Apple's JSON: at byte 0: expected an object"),
    ])
    func whatABackendCannotReadIsOneClearLine(_ text: String, _ problem: String) {
        #expect(performing: { try VerifyReceiptResponse(reading: text) },
                throws: { ($0 as? VerifyReceiptReadError)?.description == problem })
    }

    @Test func everyDocumentedStatusIsKnownAndTheInternalRangeIsOne() {
        for code in [0, 21000, 21002, 21003, 21004, 21005, 21006, 21007, 21008, 21009, 21010] {
            #expect(ReceiptStatus(code: code)?.rawValue == code)
        }
        #expect(ReceiptStatus(code: 21100) == .internalError)
        #expect(ReceiptStatus(code: 21199) == .internalError)
        #expect(ReceiptStatus(code: 21001) == nil, "Apple: 21001 is \"no longer sent by the App Store\"")
        #expect(ReceiptStatus(code: 21200) == nil)
    }
}
