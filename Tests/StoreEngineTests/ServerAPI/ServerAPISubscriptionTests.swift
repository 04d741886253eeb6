import Foundation
import IAPCore
@testable import StoreEngine
import Testing
import TestSupport

/// Get All Subscription Statuses and Extend a Subscription Renewal Date over HTTP.
@Suite("App Store Server API: subscriptions")
final class ServerAPISubscriptionTests {
    private let world: ServerAPIFixture
    private let yearly = "com.storesim.premium.yearly"

    init() throws {
        world = try ServerAPIFixture()
    }

    @Test func allSubscriptionStatusesGroupsTheLatestTransactionsWithTheirRenewalInfo() throws {
        let subscription = try world.buy(yearly)
        let pro = try world.buy("com.storesim.pro")
        let object = try ServerAPIFixture.object(try world.call("GET", "/inApps/v1/subscriptions/\(pro.id)"))
        #expect(object["bundleId"] as? String == AppIdentity.standard.bundleId && object["environment"] as? String == "Production")
        let data = try #require(object["data"] as? [[String: Any]])
        #expect(data.count == 1)
        #expect(data.first?["subscriptionGroupIdentifier"] as? String == BuiltInCatalog.catalog().subscriptionGroupIdentifier("premium"))
        let last = try #require((data.first?["lastTransactions"] as? [[String: Any]])?.first)
        #expect(last["status"] as? Int == 1 && last["originalTransactionId"] as? String == subscription.id.description)
        #expect(try world.payload(try #require(last["signedTransactionInfo"] as? String))["transactionId"] as? String == subscription.id.description)
        let renewal = try world.payload(try #require(last["signedRenewalInfo"] as? String))
        #expect(renewal["autoRenewProductId"] as? String == yearly && renewal["autoRenewStatus"] as? Int == 1)
    }

    @Test func theStatusQueryKeepsOnlyThoseStatuses() throws {
        let subscription = try world.buy(yearly)
        let expired = try ServerAPIFixture.object(try world.call("GET", "/inApps/v1/subscriptions/\(subscription.id)", query: [("status", "2")]))
        #expect((expired["data"] as? [Any])?.isEmpty == true)
        let active = try ServerAPIFixture.object(try world.call("GET", "/inApps/v1/subscriptions/\(subscription.id)",
                                                                query: [("status", "2"), ("status", "1")]))
        #expect((active["data"] as? [Any])?.count == 1)
        for bad in ["6", "0", "one", "01"] {
            #expect(try ServerAPIFixture.error(try world.call("GET", "/inApps/v1/subscriptions/\(subscription.id)", query: [("status", bad)]))
                == (400, 4_000_031))
        }
        #expect(try ServerAPIFixture.error(try world.call("GET", "/inApps/v1/subscriptions/77")) == (404, 4_040_010))
    }

    @Test func extendingMovesTheRenewalDateAndTellsTheServer() throws {
        let subscription = try world.buy(yearly)
        let end = try #require(world.store.expiry(of: subscription))
        world.link.now = world.link.now.addingTimeInterval(3600)
        let response = try world.call("PUT", "/inApps/v1/subscriptions/extend/\(subscription.id)",
                                      body: #"{"extendByDays":10,"extendReasonCode":3,"requestIdentifier":"outage-1"}"#)
        #expect(response.status == 200)
        let object = try ServerAPIFixture.object(response)
        #expect(object["success"] as? Bool == true && object["originalTransactionId"] as? String == subscription.id.description)
        #expect((object["effectiveDate"] as? Int).map(Int64.init) == SimulatedTime.millis(end) + 10 * 86_400_000)
        #expect((object["webOrderLineItemId"] as? String)?.count == 18)
        #expect(world.link.take().map(\.summary).contains { $0.contains("RENEWAL_EXTENDED") } == false,
                "notifications are off: nothing is posted")
    }

    @Test func anExtensionWithNotificationsOnPostsRenewalExtendedThroughTheLink() throws {
        let notifying = try ServerAPIFixture(notifications: true)
        let subscription = try notifying.buy(yearly)
        try notifying.store.postDueNotifications(link: notifying.link)
        _ = notifying.link.take()
        _ = try notifying.call("PUT", "/inApps/v1/subscriptions/extend/\(subscription.id)",
                               body: #"{"extendByDays":5,"extendReasonCode":0,"requestIdentifier":"r"}"#)
        let posted = notifying.link.take().compactMap { if case .notification(let notification) = $0 { notification.type } else { nil } }
        #expect(posted == [.renewalExtended])
    }

    @Test(arguments: [
        (#"{"extendByDays":91,"extendReasonCode":0,"requestIdentifier":"r"}"#, 400, 4_000_009),
        (#"{"extendByDays":"5","extendReasonCode":0,"requestIdentifier":"r"}"#, 400, 4_000_009),
        (#"{"extendByDays":5,"extendReasonCode":4,"requestIdentifier":"r"}"#, 400, 4_000_010),
        (#"{"extendByDays":5,"extendReasonCode":0}"#, 400, 4_000_011),
        (#"{"extendByDays":5,"extendReasonCode":0,"requestIdentifier":"r"} trailing"#, 400, 4_000_000),
        ("[", 400, 4_000_000),
    ])
    func anExtensionBodyThatIsNotValidIsApplesError(_ body: String, _ status: Int, _ code: Int) throws {
        let subscription = try world.buy(yearly)
        #expect(try ServerAPIFixture.error(try world.call("PUT", "/inApps/v1/subscriptions/extend/\(subscription.id)", body: body)) == (status, code))
    }

    @Test func theStoresRefusalsAreApplesErrors() throws {
        let body = #"{"extendByDays":5,"extendReasonCode":0,"requestIdentifier":"r"}"#
        #expect(try ServerAPIFixture.error(try world.call("PUT", "/inApps/v1/subscriptions/extend/2000000000000009", body: body)) == (404, 4_040_005))
        let pro = try world.buy("com.storesim.pro")
        #expect(try ServerAPIFixture.error(try world.call("PUT", "/inApps/v1/subscriptions/extend/\(pro.id)", body: body)) == (404, 4_040_005))
        let subscription = try world.buy(yearly)
        for _ in 0..<2 { #expect(try world.call("PUT", "/inApps/v1/subscriptions/extend/\(subscription.id)", body: body).status == 200) }
        #expect(try ServerAPIFixture.error(try world.call("PUT", "/inApps/v1/subscriptions/extend/\(subscription.id)", body: body)) == (403, 4_030_005))
    }
}
