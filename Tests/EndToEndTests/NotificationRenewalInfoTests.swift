import Foundation
import Testing
import TestSupport

/// Notifications about an auto-renewable subscription carry its renewal information
/// (`data.signedRenewalInfo`, Apple's `JWSRenewalInfoDecodedPayload` field names), and the
/// passing clock posts EXPIRED (VOLUNTARY) and GRACE_PERIOD_EXPIRED, so a Server whose StoreKit 2
/// app never checks a receipt follows the subscription from the notifications alone. Apple,
/// gracePeriodExpiresDate: "The time when the billing grace period for a subscription renewal
/// expires." Apple, StoreKit's gracePeriodExpirationDate: "Ensure that your app provides full
/// service for the subscription throughout the grace period, which ends on the
/// gracePeriodExpirationDate." Apple, notificationType: "If the subtype is VOLUNTARY, the
/// subscription expired after the customer turned off subscription renewal."
@Suite struct NotificationRenewalInfoTests {
    /// Runs `script` in a fresh StoreKit 2 world; its timeline lines without their clock, and
    /// its state as JSON.
    private func run(_ script: String, in folder: TemporaryFolder) throws -> (lines: [String], state: [String: Any]) {
        let world = folder.path + "/world"
        let result = try StoreSimProcess.run(["run", "--api", "storekit2", "--data-dir", world, try folder.write("s.scenario", script)])
        #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
        let state = try StoreSimProcess.run(["state", "--json", "--data-dir", world])
        let json = try #require(try JSONSerialization.jsonObject(with: Data(state.stdout.utf8)) as? [String: Any])
        return (result.stdout.split(separator: "\n").map { String($0.dropFirst(16)) }, json)
    }

    /// The notifications of a state, each with its payload and its renewal information decoded.
    private func notifications(_ state: [String: Any]) throws -> [(type: String, payload: [String: Any], renewal: [String: Any]?)] {
        let listed = try #require(state["notifications"] as? [[String: Any]])
        return try listed.map { notification in
            let signed = try #require(notification["signedPayload"] as? String)
            let payload = try #require(JWSText.payload(of: signed))
            let data = try #require(payload["data"] as? [String: Any])
            let kind = [payload["notificationType"] as? String, payload["subtype"] as? String].compactMap { $0 }.joined(separator: ".")
            return (kind, payload, (data["signedRenewalInfo"] as? String).flatMap(JWSText.payload(of:)))
        }
    }

    @Test func aPeriodEndingAfterAutoRenewWasTurnedOffIsToldAsVoluntaryExpiry() throws {
        let folder = try TemporaryFolder()
        let (lines, state) = try run("""
            server notifications on
            buy com.storesim.premium.yearly
            subscription com.storesim.premium.yearly renew off
            quit
            advance 364d
            expect notifications pending 0
            advance 2d
            expect owned com.storesim.premium.yearly no
            """, in: folder)
        #expect(lines.filter { $0.contains("notification EXPIRED") } == [
            "Store   ──▶ Server   notification EXPIRED.VOLUNTARY tx 1000000000000001",
            "Store   ··✓ Server   notification EXPIRED.VOLUNTARY tx 1000000000000001",
            "Server  ──▶ Store    HTTP 200 for notification EXPIRED.VOLUNTARY tx 1000000000000001",
            "Server  ··✓ Store    HTTP 200 for notification EXPIRED.VOLUNTARY tx 1000000000000001",
        ])
        let told = try notifications(state)
        #expect(told.map(\.type) == ["SUBSCRIBED.INITIAL_BUY", "DID_CHANGE_RENEWAL_STATUS.AUTO_RENEW_DISABLED", "EXPIRED.VOLUNTARY"])
        let renewal = try #require(told[2].renewal)
        #expect(renewal["originalTransactionId"] as? String == "1000000000000001")
        #expect(renewal["productId"] as? String == "com.storesim.premium.yearly")
        #expect(renewal["autoRenewProductId"] as? String == "com.storesim.premium.yearly")
        #expect(renewal["autoRenewStatus"] as? Int == 0)
        #expect(renewal["expirationIntent"] as? Int == 1)
        #expect(renewal["isInBillingRetryPeriod"] as? Bool == false)
        #expect(renewal["gracePeriodExpiresDate"] == nil)
        let first = try #require(told[0].renewal)
        #expect(first["autoRenewStatus"] as? Int == 1)
        #expect(first["expirationIntent"] == nil)
    }

    @Test func theServerKeepsAccessThroughTheGracePeriodAndEndsItWhenTheGracePeriodExpires() throws {
        let folder = try TemporaryFolder()
        let (lines, state) = try run("""
            server notifications on
            store grace-period on 16d
            buy com.storesim.premium.monthly
            subscription com.storesim.premium.monthly billing fail
            quit
            advance 8d
            expect owned com.storesim.premium.monthly yes
            advance 16d
            expect owned com.storesim.premium.monthly no
            """, in: folder)
        #expect(lines.filter { $0.hasPrefix("Store   ──▶ Server   notification") } == [
            "Store   ──▶ Server   notification SUBSCRIBED.INITIAL_BUY tx 1000000000000001",
            "Store   ──▶ Server   notification DID_FAIL_TO_RENEW.GRACE_PERIOD tx 1000000000000001",
            "Store   ──▶ Server   notification GRACE_PERIOD_EXPIRED tx 1000000000000001",
        ])
        let told = try notifications(state)
        #expect(told.map(\.type) == ["SUBSCRIBED.INITIAL_BUY", "DID_FAIL_TO_RENEW.GRACE_PERIOD", "GRACE_PERIOD_EXPIRED"])
        // The trial ended 2026-01-08; the 16-day grace period ends 2026-01-24 (the clock had run
        // 80 ms of messages at the purchase, the launch's subscription status read among them).
        let graceEnd: Int64 = 1_769_212_800_080
        for (_, _, renewal) in told.dropFirst() {
            let renewal = try #require(renewal)
            #expect(renewal["isInBillingRetryPeriod"] as? Bool == true)
            #expect((renewal["gracePeriodExpiresDate"] as? NSNumber)?.int64Value == graceEnd)
            #expect(renewal["autoRenewStatus"] as? Int == 1)
            #expect(renewal["expirationIntent"] == nil)
        }
        let entitlements = try #require(state["entitlements"] as? [[String: Any]])
        #expect(entitlements.first?["expires"] as? String == "2026-01-24 00:00:00")
    }

    @Test func withoutTheGracePeriodNotificationTheServerWouldEndAccessWithThePeriod() throws {
        let folder = try TemporaryFolder()
        let (_, state) = try run("""
            store grace-period on 16d
            buy com.storesim.premium.monthly
            subscription com.storesim.premium.monthly billing fail
            quit
            advance 8d
            expect owned com.storesim.premium.monthly no
            """, in: folder)
        let entitlements = try #require(state["entitlements"] as? [[String: Any]])
        #expect(entitlements.first?["expires"] as? String == "2026-01-08 00:00:00")
    }

    /// Renewal information signed after a subscription expired, not only the EXPIRED
    /// notification's, says why (Apple, `expirationIntent`: "The reason an auto-renewable
    /// subscription expired"): 2 when the billing retry ran out, 1 when auto-renew was off; a
    /// resubscription clears it.
    @Test func renewalInformationSignedAfterTheEndKeepsWhyTheSubscriptionExpired() throws {
        let folder = try TemporaryFolder()
        let (_, state) = try run("""
            buy com.storesim.premium.monthly
            subscription com.storesim.premium.monthly billing fail
            advance 70d
            expect owned com.storesim.premium.monthly no
            """, in: folder)
        let subscriptions = try #require(state["subscriptions"] as? [[String: Any]])
        let signed = try #require(subscriptions.first?["signedRenewalInfo"] as? String)
        let renewal = try #require(JWSText.payload(of: signed))
        #expect(renewal["expirationIntent"] as? Int == 2, "\(renewal)")
        #expect(renewal["autoRenewStatus"] as? Int == 0 && renewal["isInBillingRetryPeriod"] as? Bool == false)
        let again = try TemporaryFolder()
        let (_, resubscribed) = try run("""
            buy com.storesim.premium.monthly
            subscription com.storesim.premium.monthly renew off
            advance 8d
            buy com.storesim.premium.monthly
            wait
            """, in: again)
        let current = try #require((resubscribed["subscriptions"] as? [[String: Any]])?.first?["signedRenewalInfo"] as? String)
        #expect(JWSText.payload(of: current)?["expirationIntent"] == nil)
    }
}
