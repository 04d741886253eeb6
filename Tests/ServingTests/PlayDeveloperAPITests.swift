import Foundation
import HTTPServing
import IAPCore
import PlayEngine
import Testing
import TestSupport

/// Google Play's Developer API as `serve` answers a team's backend in a Play world: Google's
/// paths, Google's JSON and Google's HTTP errors, for the world's access token; each call told on
/// the timeline as made by the outside server.
@Suite struct PlayDeveloperAPITests {
    let served: ServedPlayWorld

    init() throws {
        served = try ServedPlayWorld()
    }

    /// A purchase PURCHASED and acknowledged by nobody: the app crashed on its way back.
    func unacknowledged(_ productId: String) throws -> PlayPurchaseRecord {
        let ran = try served.script("crash at purchased\nbuy \(productId)\n")
        #expect(ran.exit == 0, "\(ran)")
        return try served.purchase(of: productId)
    }

    @Test func getAnswersGooglesProductPurchase() throws {
        let record = try unacknowledged("com.storesim.pro")
        let got = served.call("GET", ServedPlayWorld.tokenPath(record))
        #expect(got.status == 200)
        #expect(got.body == """
            {"kind":"androidpublisher#productPurchase","purchaseTimeMillis":"\(record.createdMillis)","purchaseState":0,\
            "consumptionState":0,"orderId":"\(record.orderId)","acknowledgementState":0,"purchaseToken":"\(record.token)",\
            "productId":"com.storesim.pro","quantity":1,"obfuscatedExternalAccountId":"\(try #require(record.obfuscatedAccountId))"}
            """)
        #expect(served.transcript.contains { $0.hasSuffix("the outside server: purchases.products.get \(record.orderId) → 200") },
                "\(served.transcript)")
    }

    @Test func acknowledgingAnswersAnEmptyBodyAndTwiceIsGooglesInvalidPurchaseState() throws {
        let record = try unacknowledged("com.storesim.pro")
        let acknowledged = served.call("POST", ServedPlayWorld.tokenPath(record, suffix: ":acknowledge"))
        #expect(acknowledged.status == 200 && acknowledged.body.isEmpty)
        #expect(served.call("GET", ServedPlayWorld.tokenPath(record)).body.contains(#""acknowledgementState":1"#))
        let again = served.call("POST", ServedPlayWorld.tokenPath(record, suffix: ":acknowledge"))
        #expect(again.status == 400)
        #expect(again.body == """
            {"error":{"code":400,"message":"The purchase is not in a valid state to perform the desired operation.","errors":[{"message":\
            "The purchase is not in a valid state to perform the desired operation.","domain":"androidpublisher","reason":\
            "invalidPurchaseState"}],"status":"INVALID_ARGUMENT"}}
            """)
        #expect(served.transcript.contains { $0.hasSuffix("purchases.products.acknowledge \(record.orderId) → 400 (\(record.orderId) was acknowledged already)") },
                "\(served.transcript)")
        let ran = try served.script("advance 4d\nexpect auto-refunded 0\n")
        #expect(ran.exit == 0, "acknowledged by the backend: not refunded at day three: \(ran)")
    }

    @Test func consumingAConsumableThenAgainIsNotOwned() throws {
        let record = try unacknowledged("com.storesim.coins.100")
        let consumed = served.call("POST", ServedPlayWorld.tokenPath(record, suffix: ":consume"))
        #expect(consumed.status == 200 && consumed.body.isEmpty)
        let got = served.call("GET", ServedPlayWorld.tokenPath(record)).body
        #expect(got.contains(#""consumptionState":1"#) && got.contains(#""acknowledgementState":1"#), "\(got)")
        let again = served.call("POST", ServedPlayWorld.tokenPath(record, suffix: ":consume"))
        #expect(again.status == 400 && again.body.contains(#""reason":"productNotOwnedByUser""#), "\(again)")
    }

    @Test func anUnknownTokenOrAnotherProductIsGooglesInvalidValue() throws {
        let record = try unacknowledged("com.storesim.pro")
        let invalid = """
            {"error":{"code":400,"message":"Invalid Value","errors":[{"message":"Invalid Value","domain":"androidpublisher",\
            "reason":"invalid"}],"status":"INVALID_ARGUMENT"}}
            """
        for path in [ServedPlayWorld.purchases + "products/com.storesim.pro/tokens/nosuchtoken",
                     ServedPlayWorld.purchases + "products/com.storesim.coins.100/tokens/\(record.token)"] {
            let got = served.call("GET", path)
            #expect(got.status == 400 && got.body == invalid, "\(path): \(got)")
        }
        let acknowledge = served.call("POST", ServedPlayWorld.purchases + "products/com.storesim.pro/tokens/nosuchtoken:acknowledge")
        #expect(acknowledge.status == 400 && acknowledge.body == invalid)
        #expect(served.transcript.contains { $0.hasSuffix("the outside server: purchases.products.get → 400 (no purchase has the token)") })
    }

    @Test func withoutTheAccessTokenEveryCallIs401() throws {
        let record = try unacknowledged("com.storesim.pro")
        for authorization in [nil, "Bearer ya29.someone-else", "Basic abc"] as [String?] {
            let got = served.call("GET", ServedPlayWorld.tokenPath(record), authorization: .some(authorization))
            #expect(got.status == 401, "\(String(describing: authorization))")
            #expect(got.body.contains(#""status":"UNAUTHENTICATED""#) && got.body.contains(#""reason":"authError""#), "\(got.body)")
        }
        let refused = served.transcript.filter { $0.contains("the outside server: GET /androidpublisher/") }
        #expect(refused.contains { $0.hasSuffix("→ 401 (no Authorization header)") }, "\(served.transcript)")
        #expect(served.call("GET", ServedPlayWorld.tokenPath(record)).body.contains(#""acknowledgementState":0"#), "nothing changed")
    }

    @Test func aPathTheAPIDoesNotHaveIs404() throws {
        let record = try unacknowledged("com.storesim.pro")
        for (method, path) in [("GET", ServedPlayWorld.purchases + "subscriptions/com.storesim.pro/tokens/\(record.token)"),
                               ("DELETE", ServedPlayWorld.tokenPath(record)), ("GET", ServedPlayWorld.purchases + "voidedpurchases/x"),
                               ("GET", "/androidpublisher/v3/applications/com.storesim.app/inappproducts")] {
            let got = served.call(method, path)
            #expect(got.status == 404 && got.body.contains(#""status":"NOT_FOUND""#), "\(method) \(path): \(got)")
        }
        let other = served.call("GET", "/androidpublisher/v3/applications/com.other.app/purchases/products/com.storesim.pro/tokens/\(record.token)")
        #expect(other.status == 404 && other.body.contains(#""reason":"applicationNotFound""#), "\(other)")
        #expect(served.call("GET", "/nowhere").status == 404)
    }

    @Test func theVoidedPurchasesAPIListsARefundAsGoogleWritesIt() throws {
        let ran = try served.script("buy com.storesim.pro\nrefund com.storesim.pro\n")
        #expect(ran.exit == 0, "\(ran)")
        let record = try served.purchase(of: "com.storesim.pro")
        let voided = try #require(record.voidedMillis)
        let listed = served.call("GET", ServedPlayWorld.purchases + "voidedpurchases")
        #expect(listed.status == 200)
        #expect(listed.body == """
            {"voidedPurchases":[{"kind":"androidpublisher#voidedPurchase","purchaseToken":"\(record.token)","purchaseTimeMillis":\
            "\(record.createdMillis)","voidedTimeMillis":"\(voided)","orderId":"\(record.orderId)","voidedSource":1,"voidedReason":0}]}
            """)
        let later = served.call("GET", ServedPlayWorld.purchases + "voidedpurchases", query: [("startTime", String(voided + 1))])
        #expect(later.body == #"{"voidedPurchases":[]}"#)
        let now = SimulatedTime.millis(served.world.now)
        let tooOld = served.call("GET", ServedPlayWorld.purchases + "voidedpurchases", query: [("startTime", String(now - 31 * 86_400_000))])
        #expect(tooOld.status == 400 && tooOld.body.contains(#""reason":"invalid""#), "\(tooOld)")
        #expect(served.transcript.contains { $0.contains("purchases.voidedpurchases.list → 400 (startTime ") }, "\(served.transcript)")
        #expect(served.call("GET", ServedPlayWorld.purchases + "voidedpurchases", query: [("maxResults", "0")]).status == 400)
    }

    @Test func theVoidedPurchasesAPIPagesByMaxResults() throws {
        let ran = try served.script("buy com.storesim.pro\nrefund com.storesim.pro\nbuy com.storesim.pro\nrefund com.storesim.pro\n")
        #expect(ran.exit == 0, "\(ran)")
        let first = served.call("GET", ServedPlayWorld.purchases + "voidedpurchases", query: [("maxResults", "1")])
        #expect(first.body.hasPrefix(#"{"tokenPagination":{"nextPageToken":"1"},"voidedPurchases":[{"#), "\(first.body)")
        let second = served.call("GET", ServedPlayWorld.purchases + "voidedpurchases", query: [("maxResults", "1"), ("token", "1")])
        #expect(second.body.hasPrefix(#"{"voidedPurchases":[{"#) && !second.body.contains("tokenPagination"), "\(second.body)")
    }
}
