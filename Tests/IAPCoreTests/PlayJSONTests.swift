import IAPCore
import Testing

@Suite("Google Play's JSON, as Google documents it")
struct PlayJSONTests {
    private static let order = PlayOrderID(number: 12_345_678_901_234_567)

    @Test func aProductPurchaseIsWrittenAsGoogleDocumentsIt() throws {
        // Google's JSON representation: kind, purchaseTimeMillis (an int64, a string),
        // purchaseState, consumptionState, orderId, acknowledgementState, purchaseToken,
        // productId, quantity, obfuscatedExternalAccountId.
        let answer = ProductPurchase(purchaseTimeMillis: 1_767_225_600_000, purchaseState: .purchased,
                                     consumptionState: .yetToBeConsumed, orderId: try #require(Self.order),
                                     acknowledgementState: .acknowledged, purchaseToken: "abc", productId: "com.storesim.pro",
                                     quantity: 1, obfuscatedExternalAccountId: "a3f9")
        #expect(answer.jsonText == """
            {"kind":"androidpublisher#productPurchase","purchaseTimeMillis":"1767225600000","purchaseState":0,\
            "consumptionState":0,"orderId":"GPA.1234-5678-9012-34567","acknowledgementState":1,"purchaseToken":"abc",\
            "productId":"com.storesim.pro","quantity":1,"obfuscatedExternalAccountId":"a3f9"}
            """)
    }

    @Test func aVoidedPurchaseIsWrittenAsGoogleDocumentsIt() throws {
        let voided = VoidedPurchase(purchaseToken: "abc", purchaseTimeMillis: 1_767_225_600_000, voidedTimeMillis: 1_767_484_800_000,
                                    orderId: try #require(Self.order), voidedSource: .google, voidedReason: .unacknowledgedPurchase)
        #expect(voided.jsonText == """
            {"kind":"androidpublisher#voidedPurchase","purchaseToken":"abc","purchaseTimeMillis":"1767225600000",\
            "voidedTimeMillis":"1767484800000","orderId":"GPA.1234-5678-9012-34567","voidedSource":2,"voidedReason":8}
            """)
    }

    @Test func aSubscriptionPurchaseV2IsWrittenAsGoogleDocumentsIt() throws {
        // Google's JSON representation: kind, regionCode, lineItems [{productId, expiryTime,
        // autoRenewingPlan, offerDetails, latestSuccessfulOrderId}], startTime, subscriptionState,
        // acknowledgementState, externalAccountIdentifiers; times are RFC 3339 Timestamps, and the
        // deprecated latestOrderId is not written.
        let order = try #require(Self.order?.renewal(1))
        let item = SubscriptionPurchaseV2.LineItem(productId: "premium", expiryTimeMillis: 1_772_323_200_030, autoRenewEnabled: true,
                                                   basePlanId: "monthly", offerId: nil, latestSuccessfulOrderId: order)
        let active = SubscriptionPurchaseV2(regionCode: "US", lineItems: [item], startTimeMillis: 1_767_225_600_030, subscriptionState: .active,
                                            acknowledgementState: .pending, obfuscatedExternalAccountId: "a3f9")
        #expect(active.jsonText == """
            {"kind":"androidpublisher#subscriptionPurchaseV2","regionCode":"US","lineItems":[{"productId":"premium",\
            "expiryTime":"2026-03-01T00:00:00.030Z","autoRenewingPlan":{"autoRenewEnabled":true},"offerDetails":{"basePlanId":"monthly"},\
            "latestSuccessfulOrderId":"GPA.1234-5678-9012-34567..1"}],"startTime":"2026-01-01T00:00:00.030Z",\
            "subscriptionState":"SUBSCRIPTION_STATE_ACTIVE","acknowledgementState":"ACKNOWLEDGEMENT_STATE_PENDING",\
            "externalAccountIdentifiers":{"obfuscatedExternalAccountId":"a3f9"}}
            """)
        // Bought with an offer: offerDetails.offerId ("Only present for discounted offers") and
        // the current period's offerPhase, one member naming it.
        let offered = SubscriptionPurchaseV2.LineItem(productId: "premium", expiryTimeMillis: 1_767_830_400_030, autoRenewEnabled: true,
                                                      basePlanId: "monthly", offerId: "free-trial", offerPhase: .freeTrial,
                                                      latestSuccessfulOrderId: try #require(Self.order))
        let trial = SubscriptionPurchaseV2(regionCode: "US", lineItems: [offered], startTimeMillis: 1_767_225_600_030, subscriptionState: .active,
                                           acknowledgementState: .acknowledged, obfuscatedExternalAccountId: nil)
        #expect(trial.jsonText.contains("""
            "offerDetails":{"basePlanId":"monthly","offerId":"free-trial"},"offerPhase":{"freeTrial":{}},\
            "latestSuccessfulOrderId":"GPA.1234-5678-9012-34567"}]
            """))
        // Google, of startTime: "Not set for pending subscriptions".
        let pending = SubscriptionPurchaseV2(regionCode: "US", lineItems: [], startTimeMillis: nil, subscriptionState: .pending,
                                             acknowledgementState: .pending, obfuscatedExternalAccountId: nil)
        #expect(pending.jsonText == """
            {"kind":"androidpublisher#subscriptionPurchaseV2","regionCode":"US","lineItems":[],\
            "subscriptionState":"SUBSCRIPTION_STATE_PENDING","acknowledgementState":"ACKNOWLEDGEMENT_STATE_PENDING"}
            """)
    }
}
