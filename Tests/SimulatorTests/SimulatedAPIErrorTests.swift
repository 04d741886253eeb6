import Foundation
import IAPCore
import Testing
@testable import Simulator

/// StoreKit Testing simulates an error per API (`SKTestSession.setSimulatedError(_:forAPI:)`,
/// `SKTestFailures`: load products, purchase, verification, App Store sync, subscription status
/// …). Loading products and purchases have their Store switches already (`product-requests`,
/// `fail`); `sync` and `device-verification` are the App Store sync and the verification a
/// StoreKit 2 app's device makes. Neither loses a purchase: once the error is gone, the app
/// gets what it missed.
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
}

