import Foundation
import Testing
import TestSupport

/// What a StoreKit 2 app shows it owns: `Transaction.currentEntitlements` read at launch, and a
/// refund told to the running app through `Transaction.updates` as a revoked transaction. Apple,
/// currentEntitlements: "Products that the App Store has refunded or revoked don't appear in the
/// current entitlements."
@Suite struct StoreKit2EntitlementsTests {
    private func timeline(_ script: String) throws -> [String] {
        let folder = try TemporaryFolder()
        let result = try StoreSimProcess.run(["run", "--api", "storekit2", "--data-dir", folder.path + "/world",
                                              try folder.write("s.scenario", script)])
        #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
        return result.stdout.split(separator: "\n").map { String($0.dropFirst(16)) }
    }

    @Test func aRefundReachesTheRunningAppAsARevocationThatItFinishes() throws {
        let lines = try timeline("""
            buy com.storesim.pro
            refund com.storesim.pro
            expect unfinished 0
            """)
        let refund = try #require(lines.firstIndex(of: "User: the Store refunds the latest com.storesim.pro"))
        #expect(Array(lines[refund...].filter { !$0.contains("··✓") && !$0.contains("s.scenario:") }.prefix(4)) == [
            "User: the Store refunds the latest com.storesim.pro",
            "Store   ──▶ App      Transaction.updates: com.storesim.pro tx 1000000000000001",
            "App                  StoreKit verified tx 1000000000000001: .verified",
            "App                  Transaction.updates: tx 1000000000000001 was revoked; the app stops providing com.storesim.pro",
        ])
        #expect(lines[refund...].contains("App     ──▶ Store    finish() tx 1000000000000001"))
        #expect(!lines[refund...].contains { $0.contains("──▶ Server") })
    }

    @Test func aLaunchReadsCurrentEntitlementsWithoutWhatWasRefundedOrHasExpired() throws {
        let lines = try timeline("""
            buy com.storesim.pro
            buy com.storesim.premium.monthly
            buy com.storesim.season
            quit
            refund com.storesim.pro
            launch
            quit
            advance 8d
            launch
            """)
        let answers = lines.filter { $0.hasPrefix("Store   ──▶ App      current entitlements") }
        // The first launch found nothing; the second, the refunded pro gone; the third, after the
        // trial renewed while the app was closed, the renewal as the subscription's latest transaction.
        #expect(answers == [
            "Store   ──▶ App      current entitlements: none",
            "Store   ──▶ App      current entitlements: com.storesim.premium.monthly tx 1000000000000002, com.storesim.season tx 1000000000000003",
            "Store   ──▶ App      current entitlements: com.storesim.season tx 1000000000000003, com.storesim.premium.monthly tx 1000000000000004",
        ])
        #expect(lines.filter { $0 == "App     ──▶ Store    read Transaction.currentEntitlements" }.count == 3)
    }
}
