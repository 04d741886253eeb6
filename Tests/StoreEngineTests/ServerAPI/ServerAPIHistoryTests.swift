import Foundation
import IAPCore
@testable import StoreEngine
import Testing
import TestSupport

/// Get Transaction History and Get Refund History: "The history response returns a maximum of 20
/// transactions per response. If your customer has more than 20 in-app transactions, the hasMore
/// value is true."
@Suite("App Store Server API: transaction and refund history")
final class ServerAPIHistoryTests {
    private let world: ServerAPIFixture
    private let coins = "com.storesim.coins.100"

    init() throws {
        world = try ServerAPIFixture()
    }

    /// 25 finished purchases of a consumable, an hour apart, from the world's start.
    private func pastPurchases(_ count: Int = 25) throws -> [ReceiptEntry] {
        try world.store.recordPastPurchases(count, of: coins, from: world.link.now, spacingMillis: 3_600_000)
    }

    private func history(_ id: TransactionID, version: Int = 2, _ query: [(name: String, value: String)] = []) throws -> [String: Any] {
        try ServerAPIFixture.object(try world.call("GET", "/inApps/v\(version)/history/\(id)", query: query))
    }

    @Test func twentyFiveTransactionsComeAsTwentyThenFiveByTheRevision() throws {
        let purchases = try pastPurchases()
        let first = try history(purchases[3].transactionId)
        #expect(first["hasMore"] as? Bool == true)
        #expect(try world.transactionIds(first) == purchases.prefix(20).map(\.transactionId.description))
        #expect(first["bundleId"] as? String == AppIdentity.standard.bundleId && first["environment"] as? String == "Production")
        #expect(first["appAppleId"] as? Int == Int(AppIdentity.standard.appAppleId))
        let revision = try #require(first["revision"] as? String)

        let second = try history(purchases[0].transactionId, [("revision", revision)])
        #expect(second["hasMore"] as? Bool == false)
        #expect(try world.transactionIds(second) == purchases.suffix(5).map(\.transactionId.description))

        let later = try history(purchases[0].transactionId, [("revision", try #require(second["revision"] as? String))])
        #expect((later["signedTransactions"] as? [String])?.isEmpty == true && later["hasMore"] as? Bool == false,
                "a revision kept from the last page asks only for what came after")
    }

    @Test func descendingStartsWithTheNewest() throws {
        let purchases = try pastPurchases()
        let first = try history(purchases[0].transactionId, [("sort", "DESCENDING")])
        #expect(try world.transactionIds(first) == purchases.reversed().prefix(20).map(\.transactionId.description))
        let second = try history(purchases[0].transactionId, [("sort", "DESCENDING"), ("revision", try #require(first["revision"] as? String))])
        #expect(try world.transactionIds(second) == purchases.reversed().suffix(5).map(\.transactionId.description))
    }

    /// Version 1: "The results don't include consumable in-app purchases that the app marks as
    /// finished"; version 2 lists them, "transactions that the app has or hasn't marked as finished".
    @Test func versionOneLeavesOutFinishedConsumables() throws {
        let purchases = try pastPurchases(3)
        let pro = try world.buy("com.storesim.pro")
        let unfinished = try world.buy(coins)
        #expect(try world.transactionIds(try history(pro.id, version: 1)) == [pro.id.description, unfinished.id.description])
        #expect(try world.transactionIds(try history(pro.id)).count == 5)
        try world.store.refund(transactionId: purchases[1].transactionId, reason: nil, at: world.link.now)
        #expect(try world.transactionIds(try history(pro.id, version: 1))
            == [pro.id.description, unfinished.id.description, purchases[1].transactionId.description], "a refunded consumable is listed")
    }

    @Test func filtersMatchAllTogether() throws {
        let purchases = try pastPurchases(3)
        let pro = try world.buy("com.storesim.pro")
        let id = pro.id
        #expect(try world.transactionIds(try history(id, [("productId", "com.storesim.pro")])) == [id.description])
        #expect(try world.transactionIds(try history(id, [("productType", "CONSUMABLE")])).count == 3)
        #expect(try world.transactionIds(try history(id, [("productType", "CONSUMABLE"), ("productType", "NON_CONSUMABLE")])).count == 4)
        #expect(try world.transactionIds(try history(id, [("productId", "com.storesim.pro"), ("productType", "CONSUMABLE")])).isEmpty)
        let start = SimulatedTime.millis(purchases[1].purchaseDate), end = SimulatedTime.millis(purchases[2].purchaseDate)
        #expect(try world.transactionIds(try history(id, [("startDate", String(start)), ("endDate", String(end))]))
            == [purchases[1].transactionId.description], "purchaseDate at or after startDate and less than endDate")
        try world.store.refund(transactionId: purchases[0].transactionId, reason: nil, at: world.link.now)
        #expect(try world.transactionIds(try history(id, [("revoked", "true")])) == [purchases[0].transactionId.description])
        #expect(try world.transactionIds(try history(id, [("revoked", "false")])).count == 3)
        #expect(try world.transactionIds(try history(id, [("revoked", "True")])).count == 1, "as Apple's Python library writes it")
        #expect(try world.transactionIds(try history(id, [("inAppOwnershipType", "FAMILY_SHARED")])).isEmpty)
        #expect(try world.transactionIds(try history(id, [("subscriptionGroupIdentifier", "21345678")])).isEmpty)
    }

    @Test(arguments: [
        ("sort", "UP", 4_000_021), ("productType", "SUBSCRIPTION", 4_000_022), ("revision", "next", 4_000_005), ("revision", "1.x", 4_000_005),
        ("startDate", "yesterday", 4_000_015), ("endDate", "-5", 4_000_016), ("revoked", "yes", 4_000_030),
        ("inAppOwnershipType", "MINE", 4_000_026), ("productId", "", 4_000_023), ("subscriptionGroupIdentifier", "", 4_000_024),
    ])
    func aQueryParameterThatIsNotValidIsApplesError(_ name: String, _ value: String, _ code: Int) throws {
        let pro = try world.buy("com.storesim.pro")
        #expect(try ServerAPIFixture.error(try world.call("GET", "/inApps/v2/history/\(pro.id)", query: [(name, value)])) == (400, code))
    }

    @Test func aStartDateNotBeforeTheEndDateIsRefused() throws {
        let pro = try world.buy("com.storesim.pro")
        let response = try world.call("GET", "/inApps/v2/history/\(pro.id)", query: [("startDate", "5000"), ("endDate", "5000")])
        #expect(try ServerAPIFixture.error(response) == (400, 4_000_013))
    }

    @Test func aSandboxStoreSaysSoAndLeavesOutTheAppAppleId() throws {
        let pro = try world.buy("com.storesim.pro")
        try world.store.setSwitches { $0.environment = .sandbox }
        let object = try history(pro.id)
        #expect(object["environment"] as? String == "Sandbox" && object["appAppleId"] == nil)
    }

    @Test func refundHistoryListsTheRefundedByRevocationDateTwentyAPage() throws {
        let purchases = try pastPurchases()
        for (offset, purchase) in purchases.reversed().enumerated() {
            try world.store.refund(transactionId: purchase.transactionId, reason: nil, at: world.link.now.addingTimeInterval(Double(offset)))
        }
        let first = try ServerAPIFixture.object(try world.call("GET", "/inApps/v2/refund/lookup/\(purchases[0].transactionId)"))
        #expect(first["hasMore"] as? Bool == true)
        #expect(try world.transactionIds(first) == purchases.reversed().prefix(20).map(\.transactionId.description))
        let second = try ServerAPIFixture.object(try world.call("GET", "/inApps/v2/refund/lookup/\(purchases[0].transactionId)",
                                                                query: [("revision", try #require(first["revision"] as? String))]))
        #expect(try world.transactionIds(second).count == 5 && second["hasMore"] as? Bool == false)
        #expect(try ServerAPIFixture.error(try world.call("GET", "/inApps/v2/refund/lookup/\(purchases[0].transactionId)",
                                                          query: [("revision", "?")])) == (400, 4_000_005))
    }
}
