import Foundation
import IAPCore
import PlayEngine
import Testing
import TestSupport

/// Google Play's subscription calls as `serve` answers a team's backend in a Play world:
/// `purchases.subscriptionsv2.get` (`GET …/purchases/subscriptionsv2/tokens/{token}`) answering
/// Google's `SubscriptionPurchaseV2`, and `purchases.subscriptions.acknowledge`
/// (`POST …/purchases/subscriptions/{subscriptionId}/tokens/{token}:acknowledge`), whose answer
/// is empty: Google, "If successful, the response body is empty."
@Suite struct PlaySubscriptionAPITests {
    let served: ServedPlayWorld

    init() throws {
        served = try ServedPlayWorld()
    }

    /// The monthly base plan bought and acknowledged by nobody: the app crashed on its way back.
    func unacknowledgedMonthly() throws -> PlayPurchaseRecord {
        let ran = try served.script("crash at purchased\nbuy com.storesim.premium.monthly\n")
        #expect(ran.exit == 0, "\(ran)")
        return try served.purchase(of: "com.storesim.premium.monthly")
    }

    static func getPath(_ token: String) -> String {
        ServedPlayWorld.purchases + "subscriptionsv2/tokens/\(token)"
    }

    static func acknowledgePath(_ subscriptionId: String, _ token: String) -> String {
        ServedPlayWorld.purchases + "subscriptions/\(subscriptionId)/tokens/\(token):acknowledge"
    }

    @Test func getAnswersGooglesSubscriptionPurchaseV2() throws {
        let record = try unacknowledgedMonthly()
        let got = served.call("GET", Self.getPath(record.token))
        #expect(got.status == 200)
        #expect(got.body == """
            {"kind":"androidpublisher#subscriptionPurchaseV2","regionCode":"US","lineItems":[{"productId":"premium",\
            "expiryTime":"2026-02-01T00:00:00.030Z","autoRenewingPlan":{"autoRenewEnabled":true},"offerDetails":{"basePlanId":"monthly"},\
            "latestSuccessfulOrderId":"\(record.orderId)"}],"startTime":"2026-01-01T00:00:00.030Z",\
            "subscriptionState":"SUBSCRIPTION_STATE_ACTIVE","acknowledgementState":"ACKNOWLEDGEMENT_STATE_PENDING",\
            "externalAccountIdentifiers":{"obfuscatedExternalAccountId":"\(try #require(record.obfuscatedAccountId))"}}
            """)
        #expect(served.transcript.contains { $0.hasSuffix("the outside server: purchases.subscriptionsv2.get \(record.orderId) → 200") },
                "\(served.transcript)")
    }

    @Test func aRenewalIsTheLatestSuccessfulOrderWithItsNewExpiry() throws {
        let record = try unacknowledgedMonthly()
        #expect(served.call("POST", Self.acknowledgePath("premium", record.token)).status == 200)
        let ran = try served.script("advance 31d\n")
        #expect(ran.exit == 0, "\(ran)")
        let got = served.call("GET", Self.getPath(record.token)).body
        #expect(got.contains(#""expiryTime":"2026-03-01T00:00:00.030Z""#), "\(got)")
        #expect(got.contains(#""latestSuccessfulOrderId":"\#(record.orderId)..0""#), "\(got)")
        #expect(got.contains(#""acknowledgementState":"ACKNOWLEDGEMENT_STATE_ACKNOWLEDGED""#), "renewals need no acknowledgement: \(got)")
    }

    @Test func acknowledgingAnswersAnEmptyBodyAndTwiceIsGooglesInvalidPurchaseState() throws {
        let record = try unacknowledgedMonthly()
        let acknowledged = served.call("POST", Self.acknowledgePath("premium", record.token))
        #expect(acknowledged.status == 200 && acknowledged.body.isEmpty, "\(acknowledged)")
        #expect(served.call("GET", Self.getPath(record.token)).body.contains(#""acknowledgementState":"ACKNOWLEDGEMENT_STATE_ACKNOWLEDGED""#))
        #expect(served.transcript.contains { $0.hasSuffix("the outside server: purchases.subscriptions.acknowledge \(record.orderId) → 200") },
                "\(served.transcript)")
        let again = served.call("POST", Self.acknowledgePath("premium", record.token))
        #expect(again.status == 400 && again.body.contains(#""reason":"invalidPurchaseState""#), "\(again)")
        let ran = try served.script("advance 4d\nexpect auto-refunded 0\nexpect acknowledged com.storesim.premium.monthly yes\n")
        #expect(ran.exit == 0, "acknowledged by the backend: not refunded at day three: \(ran)")
    }

    @Test func anUnknownTokenAnotherSubscriptionOrAOneTimeProductIsGooglesInvalidValue() throws {
        let ran = try served.script("buy com.storesim.pro\n")
        #expect(ran.exit == 0, "\(ran)")
        let pro = try served.purchase(of: "com.storesim.pro")
        let record = try unacknowledgedMonthly()
        for (method, path) in [("GET", Self.getPath("nosuchtoken")), ("GET", Self.getPath(pro.token)),
                               ("POST", Self.acknowledgePath("premium", "nosuchtoken")), ("POST", Self.acknowledgePath("other", record.token)),
                               ("POST", Self.acknowledgePath("premium", pro.token))] {
            let got = served.call(method, path)
            #expect(got.status == 400 && got.body.contains(#""reason":"invalid""#), "\(method) \(path): \(got)")
        }
        #expect(served.call("GET", Self.getPath(record.token)).body.contains(#""acknowledgementState":"ACKNOWLEDGEMENT_STATE_PENDING""#),
                "nothing acknowledged")
        #expect(served.transcript.contains { $0.hasSuffix("the outside server: purchases.subscriptionsv2.get → 400 (no purchase has the token)") },
                "\(served.transcript)")
    }

    @Test func otherMethodsAndTheAccessTokenAreRefusedAsForProducts() throws {
        let record = try unacknowledgedMonthly()
        for (method, path) in [("POST", Self.getPath(record.token)), ("GET", Self.acknowledgePath("premium", record.token)),
                               ("POST", ServedPlayWorld.purchases + "subscriptions/premium/tokens/\(record.token):cancel")] {
            let got = served.call(method, path)
            #expect(got.status == 404 && got.body.contains(#""status":"NOT_FOUND""#), "\(method) \(path): \(got)")
        }
        for path in [Self.getPath(record.token), Self.acknowledgePath("premium", record.token)] {
            let got = served.call(path.hasSuffix(":acknowledge") ? "POST" : "GET", path, authorization: .some("Bearer ya29.someone-else"))
            #expect(got.status == 401 && got.body.contains(#""status":"UNAUTHENTICATED""#), "\(path): \(got)")
        }
        #expect(served.call("GET", Self.getPath(record.token)).body.contains(#""acknowledgementState":"ACKNOWLEDGEMENT_STATE_PENDING""#))
    }
}
