import Foundation
import Testing
import TestSupport

/// `state --json` shows each subscription's current `signedRenewalInfo` (the contract's "each
/// subscription's current signedRenewalInfo"), as Apple's Get All Subscription Statuses gives a
/// subscription's latest renewal info: signed at the world's clock, telling the renewal as it
/// stands, and read without changing the world's files.
@Suite struct StateRenewalInfoTests {
    private func run(_ script: String, in folder: TemporaryFolder) throws -> String {
        let path = try folder.write("flow.scenario", script)
        let world = folder.path + "/world"
        let run = try StoreSimProcess.run(["run", "--seed", "1", "--data-dir", world, path])
        #expect(run.status == 0, "\(run.stdout)\(run.stderr)")
        return world
    }

    private func state(_ world: String) throws -> [String: Any] {
        let state = try StoreSimProcess.run(["state", "--json", "--data-dir", world])
        #expect(state.status == 0, "\(state.stderr)")
        return try #require(try JSONSerialization.jsonObject(with: Data(state.stdout.utf8)) as? [String: Any])
    }

    @Test func eachSubscriptionShowsItsRenewalAsItStandsAtTheClock() throws {
        let folder = try TemporaryFolder()
        let world = try run("""
            api storekit2
            buy com.storesim.premium.monthly
            advance 10d
            subscription com.storesim.premium.monthly renew off
            buy com.storesim.pro
            expect audit ok
            """, in: folder)
        let store = try Data(contentsOf: URL(fileURLWithPath: world + "/store.sqlite"))
        let state = try state(world)
        #expect(try Data(contentsOf: URL(fileURLWithPath: world + "/store.sqlite")) == store, "state only reads")
        let subscriptions = try #require(state["subscriptions"] as? [[String: Any]])
        #expect(subscriptions.count == 1, "one subscription; the non-consumable has no renewal: \(subscriptions)")
        let subscription = try #require(subscriptions.first)
        let renewal = try #require((subscription["signedRenewalInfo"] as? String).flatMap(JWSText.payload(of:)))
        let transactions = try #require(state["transactions"] as? [[String: Any]])
        let latest = try #require(transactions.last { $0["productId"] as? String == "com.storesim.premium.monthly" })
        let signed = try #require((latest["signedTransaction"] as? String).flatMap(JWSText.payload(of:)))
        #expect(subscription["originalTransactionId"] as? String == latest["originalId"] as? String)
        #expect(subscription["productId"] as? String == "com.storesim.premium.monthly")
        #expect(renewal["originalTransactionId"] as? String == latest["originalId"] as? String)
        #expect(renewal["autoRenewStatus"] as? Int == 0, "auto-renew was turned off: \(renewal)")
        #expect(renewal["renewalDate"] as? Int64 == signed["expiresDate"] as? Int64, "the period the subscription is in ends then")
        #expect(renewal["signedDate"] as? Int64 == (state["clockMillis"] as? NSNumber)?.int64Value, "signed at the world's clock")
        // Asked again, the same bytes: the signature is deterministic and nothing moved.
        #expect(try self.state(world)["subscriptions"] as? [[String: String]] == subscriptions as? [[String: String]])
    }

    /// Renewal info names the win-back offers the customer may redeem once the subscription has
    /// churned (Apple's `eligibleWinBackOfferIds`: "Subscriptions in a Billing Grace Period or
    /// billing retry state aren't eligible for win-back offers"), and none while it runs.
    @Test func aChurnedSubscriptionNamesTheWinBackOffersItMayRedeem() throws {
        let folder = try TemporaryFolder()
        let world = try run("""
            api storekit2
            buy com.storesim.premium.monthly
            subscription com.storesim.premium.monthly renew off
            expect audit ok
            """, in: folder)
        func eligible() throws -> [String]? {
            let subscriptions = try #require(try state(world)["subscriptions"] as? [[String: Any]])
            let signed = try #require(subscriptions.first?["signedRenewalInfo"] as? String)
            let renewal = try #require(JWSText.payload(of: signed))
            return renewal["eligibleWinBackOfferIds"] as? [String]
        }
        #expect(try eligible() == nil, "the subscription still runs")
        let later = try folder.write("later.scenario", "advance 40d\nexpect audit ok\n")
        #expect(try StoreSimProcess.run(["run", "--data-dir", world, later]).status == 0)
        #expect(try eligible() == ["winback"], "lapsed with auto-renew off: churned")
    }

    @Test func aStoreKit1WorldHasNoSignedRenewalInfo() throws {
        let folder = try TemporaryFolder()
        let world = try run("""
            buy com.storesim.premium.monthly
            expect audit ok
            """, in: folder)
        #expect(try state(world)["subscriptions"] == nil)
    }
}
