import Foundation
import IAPCore
@testable import ReadSide
import Testing

/// StoreKit Testing simulates an error per API (`SKTestSession.setSimulatedError(_:forAPI:)`,
/// `SKTestFailures`: load products, purchase, verification, App Store sync, subscription status
/// …). Loading products and purchases have their Store switches already (`product-requests`,
/// `fail`); `sync`, `device-verification` and `subscription-status` are the App Store sync, the
/// verification a StoreKit 2 app's device makes and `Product.SubscriptionInfo.status(for:)`.
/// None loses a purchase: once the error is gone, the app gets what it missed.
@Suite struct SimulatedAPIErrorTests {
    let pro = "com.storesim.pro"

    @Test func syncOffFailsARestoreUntilItIsOnAgain() throws {
        for api in [StoreKitAPI.storekit1, .storekit2] {
            let fixture = try WorldFixture()
            try fixture.run(.api(api), .buy(productId: pro, answer: .confirm), .store(.sync, on: false), .restore)
            #expect(fixture.events.contains { $0.text == "restore failed: the App Store could not be reached" }, "\(api)")
            #expect(!fixture.events.contains { $0.text.hasPrefix("restore finished") }, "\(api)")
            try fixture.run(.store(.sync, on: true), .restore)
            #expect(fixture.events.contains { $0.text == "restore finished: 1 restored" }, "\(api)")
            #expect(try fixture.audit().ok)
        }
    }

    /// `SKTestFailures.Verification`: the app receives `.unverified`, delivers nothing and leaves
    /// the transaction unfinished, so the Store hands it over again once it verifies.
    @Test func aFailedDeviceVerificationLeavesThePurchaseToTheNextLaunch() throws {
        let fixture = try WorldFixture()
        try fixture.run(.api(.storekit2), .store(.deviceVerification, on: false), .buy(productId: pro, answer: .confirm))
        #expect(fixture.events.contains { $0.text.hasPrefix("StoreKit could not verify tx 1000000000000001: .unverified") })
        var audit = try fixture.audit()
        #expect(audit.credited == 0 && audit.unfinished == 1 && audit.recoverable == 1 && audit.lost == 0)
        try fixture.run(.store(.deviceVerification, on: true), .quit, .launch)
        audit = try fixture.audit()
        #expect(audit.credited == 1 && audit.unfinished == 0 && audit.ok, "the genuine signature was kept: the Server credits it")
    }

    /// StoreKitTest's `FailableStoreKitAPI.subscriptionStatus`: the launch's status read throws;
    /// the app says so and touches nothing, and the next launch with the switch on reads it.
    @Test func aFailedSubscriptionStatusLosesAndForgesNothing() throws {
        let monthly = "com.storesim.premium.monthly"
        let fixture = try WorldFixture()
        try fixture.run(.api(.storekit2), .buy(productId: monthly, answer: .confirm), .store(.subscriptionStatus, on: false), .quit, .launch)
        #expect(fixture.events.contains { $0.text == "subscription status failed: the App Store could not be reached" })
        #expect(fixture.events.contains {
            $0.text == "could not read the subscription status (the App Store could not be reached); access stays as Transaction.currentEntitlements showed it"
        })
        var audit = try fixture.audit()
        #expect(audit.credited == 1 && audit.paid == 1 && audit.unfinished == 0 && audit.pending == 0 && audit.ok)
        try fixture.run(.store(.subscriptionStatus, on: true), .quit, .launch)
        #expect(fixture.events.contains { $0.text == "subscription status: \(monthly) subscribed tx 1000000000000001" })
        audit = try fixture.audit()
        #expect(audit.credited == 1 && audit.ok)
    }

    /// Under StoreKit 1 there is no status to read: the switch changes nothing the app does.
    @Test func aStoreKit1AppNeverReadsASubscriptionStatus() throws {
        let fixture = try WorldFixture()
        try fixture.run(.store(.subscriptionStatus, on: false), .buy(productId: "com.storesim.premium.monthly", answer: .confirm), .quit, .launch)
        #expect(!fixture.events.contains { $0.text.contains("subscription status") })
        #expect(try fixture.audit().ok)
    }
}

