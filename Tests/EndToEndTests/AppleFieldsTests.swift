import Foundation
import Testing
import TestSupport

/// The fields Apple added to signed transactions and renewal info, each meaning what the
/// simulation did: the storefront's number, one app transaction id per customer, a web order
/// line item id per subscription period, `isUpgraded` on the plan an upgrade replaced ("This
/// value appears in the transaction only when it's true"), and in renewal info the next
/// renewal's date and price and a price increase's standing (`priceIncreaseStatus` 0: "The
/// customer hasn't yet responded to an auto-renewable subscription price increase that requires
/// customer consent"), how much a refund or a revocation took back (`revocationType`,
/// `revocationPercentage`), and one original transaction id for a subscription across its changes
/// of plan and its resubscriptions.
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

    /// The shipped scenario that takes transactions back each way Apple names, decoded from
    /// `state --json` (Apple's own library verifies the same state: `AppleLibraryVerificationTests`).
    @Test func aRefundOrARevocationSaysHowMuchItTookBackAndTheSubscriptionKeepsItsOriginalId() throws {
        let script = try String(contentsOf: StoreSimProcess.projectRoot.appendingPathComponent(
            "Scenarios/storekit2-partial-refund-after-upgrade.scenario"), encoding: .utf8)
        let state = try state(script, in: try TemporaryFolder())
        let payloads = Dictionary(uniqueKeysWithValues: try signed(state).compactMap { payload in
            (payload["transactionId"] as? String).map { (String($0.suffix(2)), payload) }
        })
        let (trial, month, year, pro, again) = (payloads["01"], payloads["03"], payloads["04"], payloads["06"], payloads["08"])
        // Apple, revocationPercentage: "This field is present in the JWSTransactionDecodedPayload
        // for refunded transactions"; with revocationType, and only then.
        for payload in payloads.values {
            let revoked = payload["revocationDate"] != nil
            #expect((payload["revocationType"] != nil) == revoked && (payload["revocationPercentage"] != nil) == revoked, "\(payload)")
        }
        // The month an upgrade ended: US$1.93 of its US$2.99 refunded then, the rest (US$1.06) by
        // the refund. Apple: "The revocation percentage value is rounded to three decimal places of
        // precision, and is expressed as an integer, in milliunits": 1.06 / 2.99 is 35.4515…%.
        #expect(month?["isUpgraded"] as? Bool == true && month?["revocationType"] as? String == "REFUND_PRORATED")
        #expect(month?["revocationPercentage"] as? Int == 35452 && month?["revocationReason"] as? Int == 0)
        #expect(pro?["revocationType"] as? String == "REFUND_FULL" && pro?["revocationPercentage"] as? Int == 100_000)
        // The member's four shares, each revoked (two with a refund, two when the member left).
        let shares = payloads.values.filter { $0["inAppOwnershipType"] as? String == "FAMILY_SHARED" }
        #expect(shares.count == 4 && shares.allSatisfy {
            $0["revocationType"] as? String == "FAMILY_REVOKE" && $0["revocationPercentage"] as? Int == 100_000
        }, "\(shares)")
        // The upgrade's own prorated refund revokes nothing: the yearly plan runs on.
        #expect(year?["revocationDate"] == nil && year?["isUpgraded"] == nil)
        // One subscription: the trial, the month, the upgrade and the resubscription after a lapse.
        let first = try #require(trial?["transactionId"] as? String)
        for payload in [trial, month, year, again] {
            #expect(payload?["originalTransactionId"] as? String == first && payload?["originalPurchaseDate"] as? Int64 == trial?["purchaseDate"] as? Int64)
        }
        #expect(pro?["originalTransactionId"] as? String == pro?["transactionId"] as? String)
        let subscriptions = try #require(state["subscriptions"] as? [[String: Any]])
        #expect(subscriptions.count == 1 && subscriptions.first?["originalTransactionId"] as? String == first, "\(subscriptions)")
        let renewal = try #require((subscriptions.first?["signedRenewalInfo"] as? String).flatMap { JWSText.payload(of: $0) })
        // Apple, recentSubscriptionStartDate: "The earliest start date of a subscription in a
        // series of auto-renewable subscription purchases that ignores all lapses of paid service
        // shorter than 60 days": the lapse before the resubscription was 61 days.
        #expect(renewal["recentSubscriptionStartDate"] as? Int64 == again?["purchaseDate"] as? Int64)
        // Every notification about the purchaser's subscription names it by the same id.
        let notifications = try #require(state["notifications"] as? [[String: Any]])
        let told = notifications.compactMap { ($0["signedPayload"] as? String).flatMap(JWSText.payload(of:))?["data"] as? [String: Any] }
            .compactMap { ($0["signedTransactionInfo"] as? String).flatMap(JWSText.payload(of:)) }
            .filter { ($0["productId"] as? String)?.hasPrefix("com.storesim.premium") == true && $0["inAppOwnershipType"] as? String == "PURCHASED" }
        #expect(!told.isEmpty && told.allSatisfy { $0["originalTransactionId"] as? String == first }, "\(told)")
    }

    /// A downgrade renews as the lower plan, and a resubscription soon after a lapse goes on with
    /// the same subscription, its series unbroken: the lapse was shorter than 60 days.
    @Test func aDowngradeAndAResubscriptionSoonAfterGoOnWithTheSameSubscription() throws {
        let state = try state("""
            api storekit2
            buy com.storesim.premium.yearly
            buy com.storesim.premium.monthly
            advance 366d
            subscription com.storesim.premium.monthly expire
            advance 10d
            buy com.storesim.premium.yearly
            expect owned com.storesim.premium.yearly yes
            expect audit ok
            """, in: try TemporaryFolder())
        let payloads = try signed(state)
        #expect(payloads.map { $0["productId"] as? String }
            == ["com.storesim.premium.yearly", "com.storesim.premium.monthly", "com.storesim.premium.yearly"])
        #expect(payloads.map { $0["transactionReason"] as? String } == ["PURCHASE", "RENEWAL", "PURCHASE"])
        let first = try #require(payloads.first?["transactionId"] as? String)
        #expect(payloads.allSatisfy { $0["originalTransactionId"] as? String == first }, "\(payloads)")
        let subscriptions = try #require(state["subscriptions"] as? [[String: Any]])
        let renewal = try #require((subscriptions.first?["signedRenewalInfo"] as? String).flatMap { JWSText.payload(of: $0) })
        #expect(subscriptions.count == 1 && renewal["originalTransactionId"] as? String == first)
        #expect(renewal["recentSubscriptionStartDate"] as? Int64 == payloads.first?["purchaseDate"] as? Int64, "\(renewal)")
        #expect(renewal["autoRenewStatus"] as? Int == 1 && renewal["productId"] as? String == "com.storesim.premium.yearly")
    }
}
