import Foundation
import Testing
import TestSupport

/// The fields Apple added to signed transactions and renewal info, each meaning what the
/// simulation did: the storefront's number, one app transaction id per customer, a web order
/// line item id per subscription period, `isUpgraded` on the plan an upgrade replaced ("This
/// value appears in the transaction only when it's true"), and in renewal info the next
/// renewal's date and price and a price increase's standing (`priceIncreaseStatus` 0: "The
/// customer hasn't yet responded to an auto-renewable subscription price increase that requires
/// customer consent").
@Suite struct AppleFieldsTests {
    private func state(_ script: String, in folder: TemporaryFolder) throws -> [String: Any] {
        let path = try folder.write("flow.scenario", script)
        let world = folder.path + "/world"
        let run = try StoreSimProcess.run(["run", "--seed", "1", "--data-dir", world, path])
        #expect(run.status == 0, "\(run.stdout)\(run.stderr)")
        let state = try StoreSimProcess.run(["state", "--json", "--data-dir", world])
        return try #require(try JSONSerialization.jsonObject(with: Data(state.stdout.utf8)) as? [String: Any])
    }

    private func signed(_ state: [String: Any]) throws -> [[String: Any]] {
        let transactions = try #require(state["transactions"] as? [[String: Any]])
        let texts = transactions.compactMap { $0["signedTransaction"] as? String }
        let payloads = texts.compactMap(JWSText.payload(of:))
        #expect(payloads.count == texts.count)
        return payloads
    }

    @Test func anUpgradeMarksTheReplacedPlanAndEveryTransactionCarriesApplesIds() throws {
        let state = try state("""
            api storekit2
            buy com.storesim.premium.monthly
            advance 10d
            buy com.storesim.premium.yearly
            buy com.storesim.coins.100
            expect audit ok
            """, in: try TemporaryFolder())
        // The app, as the contract names its keys in `state --json`, with StoreSim's defaults.
        #expect(state["bundleId"] as? String == "com.storesim.app" && state["appAppleId"] as? Int == 1_234_567_890
            && state["bundleVersion"] as? String == "1.0")
        let payloads = try signed(state)
        // The week's free trial, its first paid month, the yearly plan that replaced it, the coins.
        #expect(payloads.map { $0["productId"] as? String }
            == ["com.storesim.premium.monthly", "com.storesim.premium.monthly", "com.storesim.premium.yearly", "com.storesim.coins.100"])
        #expect(payloads.map { $0["isUpgraded"] as? Bool } == [nil, true, nil, nil], "only the month the upgrade replaced")
        #expect(payloads.allSatisfy { $0["storefrontId"] as? String == "143441" })
        let appTransactionIds = Set(payloads.compactMap { $0["appTransactionId"] as? String })
        #expect(appTransactionIds.count == 1 && appTransactionIds.first?.count == 18, "one per customer: \(appTransactionIds)")
        // Apple names a subscription group by a number; a catalog.json group, which has only a
        // name, gets one made from it, the same for both plans of the group.
        let groups = Set(payloads.compactMap { $0["subscriptionGroupIdentifier"] as? String })
        #expect(groups.count == 1 && groups.first?.count == 8 && groups.first?.allSatisfy(\.isNumber) == true, "\(groups)")
        let lineItems = payloads.compactMap { $0["webOrderLineItemId"] as? String }
        #expect(lineItems.count == 3 && Set(lineItems).count == 3, "one per subscription period, none for coins: \(lineItems)")
    }

    @Test func renewalInfoTellsTheNextRenewalAndAPendingPriceIncrease() throws {
        let state = try state("""
            api storekit2
            server notifications on
            buy com.storesim.premium.monthly
            advance 8d
            store price-increase com.storesim.premium.monthly 3.49
            expect audit ok
            """, in: try TemporaryFolder())
        let notifications = try #require(state["notifications"] as? [[String: Any]])
        let increase = try #require(notifications.last { $0["type"] as? String == "PRICE_INCREASE" })
        let signedPayload = try #require(increase["signedPayload"] as? String)
        let payload = try #require(JWSText.payload(of: signedPayload))
        let data = try #require(payload["data"] as? [String: Any])
        #expect(data["status"] as? Int == 1)
        let signedRenewal = try #require(data["signedRenewalInfo"] as? String)
        let renewal = try #require(JWSText.payload(of: signedRenewal))
        #expect(renewal["priceIncreaseStatus"] as? Int == 0, "\(renewal)")
        #expect(renewal["renewalPrice"] as? Int == 3490, "the next renewal charges the new price: \(renewal)")
        #expect(renewal["currency"] as? String == "USD")
        // The trial week, then the first paid month: the renewal date is the month's end, the
        // start the trial's.
        let (trial, month) = (try signed(state)[0], try signed(state)[1])
        #expect(renewal["renewalDate"] as? Int64 == month["expiresDate"] as? Int64)
        #expect(renewal["recentSubscriptionStartDate"] as? Int64 == trial["purchaseDate"] as? Int64)
        #expect(renewal["appTransactionId"] as? String == month["appTransactionId"] as? String)
    }
}
