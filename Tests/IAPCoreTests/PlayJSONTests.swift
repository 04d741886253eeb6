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
}
