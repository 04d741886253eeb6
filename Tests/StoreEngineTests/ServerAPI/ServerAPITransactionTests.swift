import Foundation
import IAPCore
@testable import StoreEngine
import Testing
import TestSupport

/// The App Store Server API's endpoints about one transaction, as a backend calls them over
/// HTTP: Get Transaction Info, Finish Transaction, Send Consumption Information, Look Up Order ID,
/// and what any of them answers to a path, a method or an id that is not one.
@Suite("App Store Server API: one transaction")
final class ServerAPITransactionTests {
    private let world: ServerAPIFixture

    init() throws {
        world = try ServerAPIFixture()
    }

    @Test func getTransactionInfoAnswersTheTransactionSignedNow() throws {
        let bought = try world.buy("com.storesim.pro")
        let response = try world.call("GET", "/inApps/v1/transactions/\(bought.id)")
        #expect(response.status == 200 && response.delaySeconds == 0)
        let object = try ServerAPIFixture.object(response)
        #expect(Set(object.keys) == ["signedTransactionInfo"])
        let payload = try world.payload(try #require(object["signedTransactionInfo"] as? String))
        #expect(payload["transactionId"] as? String == bought.id.description && payload["productId"] as? String == "com.storesim.pro")
        #expect(payload["bundleId"] as? String == AppIdentity.standard.bundleId)
    }

    /// Asked again at the same moment, the answer is the same bytes (kept, not signed again); once
    /// the Store changed the transaction (a refund), the answer tells it.
    @Test func getTransactionInfoAnswersAgainAsTheStoreHasItNow() throws {
        let bought = try world.buy("com.storesim.coins.100")
        let first = try world.call("GET", "/inApps/v1/transactions/\(bought.id)")
        #expect(try world.call("GET", "/inApps/v1/transactions/\(bought.id)").body == first.body)
        _ = try world.store.refund(transactionId: bought.id, reason: nil, at: world.link.now)
        let refunded = try ServerAPIFixture.object(try world.call("GET", "/inApps/v1/transactions/\(bought.id)"))
        let payload = try world.payload(try #require(refunded["signedTransactionInfo"] as? String))
        #expect(payload["revocationDate"] != nil, "the refund shows: \(payload)")
    }

    @Test func anIdTheStoreNeverIssuedIsNotFound() throws {
        let response = try world.call("GET", "/inApps/v1/transactions/2000000000000001")
        #expect(try ServerAPIFixture.error(response) == (404, 4_040_010))
        #expect(try ServerAPIFixture.object(response)["errorMessage"] as? String == "An error that indicates a transaction identifier wasn't found.")
    }

    /// "An error that indicates an invalid transaction identifier": any text that is not the
    /// decimal digits of an id that fits, and, for Extend, "an invalid original transaction identifier".
    /// The bodies Apple's Python library (`appstoreserverlibrary` 3.1.2) writes for
    /// `send_consumption_data` and `send_consumption_information`, a field left out as it leaves out
    /// one it was not given, or written null as another client might.
    @Test func theBodiesApplesLibraryWritesAreAccepted() throws {
        let bought = try world.buy("com.storesim.coins.100")
        let v1 = """
            {"customerConsented": true, "consumptionStatus": 1, "platform": 1, "sampleContentProvided": false, "deliveryStatus": 0, \
            "appAccountToken": "7389a31a-fb6d-4569-a2a6-db7d85d84813", "accountTenure": 4, "playTime": 5, "lifetimeDollarsRefunded": 1, \
            "lifetimeDollarsPurchased": 1, "userStatus": 1, "refundPreference": null}
            """
        #expect(try world.call("PUT", "/inApps/v1/transactions/consumption/\(bought.id)", body: v1).status == 202)
        let v2 = #"{"customerConsented": true, "sampleContentProvided": false, "deliveryStatus": "DELIVERED"}"#
        #expect(try world.call("PUT", "/inApps/v2/transactions/consumption/\(bought.id)", body: v2).status == 202)
        #expect(try world.store.context.database.setting("consumption:\(bought.id)") == "delivered")
    }

    @Test(arguments: ["../1", "1e9", "123456789012345678901234567890", "", "-1", "01", " 1", "%2E%2E%2F1", "1/2", "9223372036854775808"])
    func anIdThatIsNotOneIsABadRequest(_ id: String) throws {
        for path in ["/inApps/v1/transactions/\(id)", "/inApps/v2/history/\(id)", "/inApps/v1/subscriptions/\(id)",
                     "/inApps/v2/refund/lookup/\(id)"] {
            #expect(try ServerAPIFixture.error(try world.call("GET", path)) == (400, 4_000_006), "\(path)")
        }
        #expect(try ServerAPIFixture.error(try world.call("POST", "/inApps/v1/transactions/\(id)/finish")) == (400, 4_000_006))
        #expect(try ServerAPIFixture.error(try world.call("PUT", "/inApps/v1/subscriptions/extend/\(id)", body: #"{"extendByDays":1}"#))
            == (400, 4_000_008))
    }

    @Test func aPathTheAPIDoesNotHaveIsNotFoundAndAWrongMethodIsNotAllowed() throws {
        let unknown = try world.call("GET", "/inApps/v9/nothing")
        #expect(unknown.status == 404 && unknown.body.isEmpty && unknown.contentType == nil)
        #expect(try world.call("DELETE", "/inApps/v1/transactions/1").status == 405)
        #expect(try world.call("GET", "/inApps/v1/notifications/test").status == 405)
    }

    @Test func finishTransactionFinishesItOnceAndAnswersWithNoBody() throws {
        let bought = try world.buy("com.storesim.coins.100")
        #expect(try world.store.unfinishedTransactions().map(\.id) == [bought.id])
        for _ in 0..<2 {
            let response = try world.call("POST", "/inApps/v1/transactions/\(bought.id)/finish")
            #expect(response.status == 200 && response.body.isEmpty && response.contentType == nil)
        }
        #expect(try world.store.unfinishedTransactions().isEmpty)
        #expect(try ServerAPIFixture.error(try world.call("POST", "/inApps/v1/transactions/3/finish")) == (404, 4_040_010))
    }

    private static let consumptionV1 = """
        {"customerConsented":true,"consumptionStatus":3,"platform":1,"sampleContentProvided":false,"deliveryStatus":0,
         "appAccountToken":"","accountTenure":2,"playTime":1,"lifetimeDollarsRefunded":0,"lifetimeDollarsPurchased":2,
         "userStatus":1,"refundPreference":2}
        """

    @Test func sendConsumptionInformationIsAcceptedAndKept() throws {
        let bought = try world.buy("com.storesim.coins.100")
        let v1 = try world.call("PUT", "/inApps/v1/transactions/consumption/\(bought.id)", body: Self.consumptionV1)
        #expect(v1.status == 202 && v1.body.isEmpty)
        let v2 = try world.call("PUT", "/inApps/v2/transactions/consumption/\(bought.id)",
                                body: #"{"customerConsented":true,"sampleContentProvided":true,"deliveryStatus":"UNDELIVERED_OTHER","consumptionPercentage":25000,"refundPreference":"GRANT_FULL"}"#)
        #expect(v2.status == 202)
        #expect(try world.store.context.database.setting("consumption:\(bought.id)") == "not-delivered")
    }

    @Test(arguments: [
        (#"{"customerConsented":false}"#, 4_000_035), ("not json", 4_000_000), ("{\"customerConsented\":true}", 4_000_034),
        (consumptionV1.replacingOccurrences(of: "\"platform\":1", with: "\"platform\":7"), 4_000_039),
        (consumptionV1.replacingOccurrences(of: "\"userStatus\":1", with: "\"userStatus\":\"ACTIVE\""), 4_000_042),
        (consumptionV1.replacingOccurrences(of: "\"appAccountToken\":\"\"", with: "\"appAccountToken\":\"me\""), 4_000_033),
        (consumptionV1.replacingOccurrences(of: "\"playTime\":1", with: "\"playTime\":99999999999999999999999"), 4_000_040),
    ])
    func consumptionVersionOneIsCheckedFieldByField(_ body: String, _ code: Int) throws {
        let bought = try world.buy("com.storesim.coins.100")
        #expect(try ServerAPIFixture.error(try world.call("PUT", "/inApps/v1/transactions/consumption/\(bought.id)", body: body)) == (400, code))
    }

    @Test func consumptionVersionTwoWantsApplesDeliveryStatusWords() throws {
        let bought = try world.buy("com.storesim.coins.100")
        let body = #"{"customerConsented":true,"sampleContentProvided":true,"deliveryStatus":0}"#
        #expect(try ServerAPIFixture.error(try world.call("PUT", "/inApps/v2/transactions/consumption/\(bought.id)", body: body)) == (400, 4_000_036))
        #expect(try ServerAPIFixture.error(try world.call("PUT", "/inApps/v2/transactions/consumption/7",
                                                          body: #"{"customerConsented":true,"sampleContentProvided":true,"deliveryStatus":"DELIVERED"}"#))
            == (404, 4_040_010))
    }

    @Test func lookUpOrderIdFindsThePurchaseByTheIdTheStateShows() throws {
        let bought = try world.buy("com.storesim.pro")
        let orderIds = try Store.readOrderIds(path: world.path, catalog: BuiltInCatalog.catalog())
        let orderId = try #require(orderIds[bought.id])
        #expect(orderId.count == 10 && orderId.allSatisfy { $0.isUppercase || $0.isNumber })
        let found = try ServerAPIFixture.object(try world.call("GET", "/inApps/v1/lookup/\(orderId)"))
        #expect(found["status"] as? Int == 0)
        #expect(try world.transactionIds(found) == [bought.id.description])

        for unknown in ["MK5TTTVWJH", "short", "../x", ""] {
            let response = try world.call("GET", "/inApps/v1/lookup/\(unknown)")
            #expect(response.status == 200, "an invalid order id is answered with 200 and status 1")
            let object = try ServerAPIFixture.object(response)
            #expect(object["status"] as? Int == 1 && (object["signedTransactions"] as? [String])?.isEmpty == true)
        }
    }
}
