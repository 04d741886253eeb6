import Foundation
import IAPCore
import ReadSide
import ScenarioLanguage
import Signing
import TestSupport
import Testing
import WorldCore

/// A world given past purchases in bulk audits as if each had been bought and settled, and
/// goes on buying from there.
@Suite struct PastPurchasesWorldTests {
    private let coins = "com.storesim.coins.100"

    @Test func pastPurchasesAreBoughtPaidAndCreditedOnce() throws {
        let folder = try TemporaryFolder()
        let world = try folder.world(seed: 7)
        let before = world.now
        try world.recordPastPurchases(1500, of: coins)
        #expect(world.now > before, "the clock moved past the purchases")
        var snapshot = try ReadModel(world).snapshot()
        var audit = snapshot.audit(catalog: world.catalog)
        #expect([audit.paid, audit.credited, audit.pending, audit.unfinished] == [Int]([1500, 1500, 0, 0]))
        #expect(audit.ok)
        #expect(snapshot.ledger.balances["coins"] == 150_000)
        #expect(Set(snapshot.ledger.credits.map(\.transactionId)) == Set(snapshot.transactions.map(\.id)))
        #expect(snapshot.transactions.allSatisfy { $0.receipt != nil && $0.date <= world.now })
        try world.perform(.launch)
        try world.perform(.buy(productId: coins, answer: .confirm))
        try world.settle()
        snapshot = try ReadModel(world).snapshot()
        audit = snapshot.audit(catalog: world.catalog)
        #expect([audit.paid, audit.credited, audit.pending] == [Int]([1501, 1501, 0]))
        #expect(snapshot.ledger.balances["coins"] == 150_100)
    }

    @Test func theyAreRecordedOnlyWhileTheAppIsClosed() throws {
        let folder = try TemporaryFolder()
        let world = try folder.world(seed: 7)
        try world.perform(.launch)
        #expect(throws: WorldActionError.refused(.pastPurchasesWhileBusy)) {
            try world.recordPastPurchases(3, of: coins)
        }
        try world.perform(.quit)
        #expect(throws: WorldActionError.refused(.store(.notAConsumable(productId: "com.storesim.pro")))) {
            try world.recordPastPurchases(3, of: "com.storesim.pro")
        }
        #expect(try ReadModel(world).snapshot().transactions.isEmpty)
    }

    @Test func pendingPurchasesAuditAsLeftByAServerThatWasDownAndALaunchCreditsThemAll() throws {
        let folder = try TemporaryFolder()
        let world = try folder.world(seed: 7)
        try world.recordPastPurchases(5, of: coins)
        try world.recordPendingPurchases(120, of: coins)
        var snapshot = try ReadModel(world).snapshot()
        var audit = snapshot.audit(catalog: world.catalog)
        #expect([audit.paid, audit.credited, audit.recoverable, audit.lost, audit.pending, audit.unfinished]
            == [Int]([125, 5, 120, 0, 120, 120]))
        #expect(audit.ok)
        #expect(snapshot.transactions.allSatisfy { $0.receipt != nil && $0.date <= world.now })
        try world.perform(.launch)
        try world.settle()
        let report = try #require(world.lastRecoveryReport)
        #expect(report.items.count == 120)
        #expect(report.items.allSatisfy { $0.outcome == .creditedNow })
        snapshot = try ReadModel(world).snapshot()
        audit = snapshot.audit(catalog: world.catalog)
        #expect([audit.paid, audit.credited, audit.pending, audit.unfinished, audit.doubleCredited] == [Int]([125, 125, 0, 0, 0]))
        #expect(audit.ok)
        #expect(snapshot.ledger.balances["coins"] == 12_500)
    }

    @Test func eachPendingOrdersReceiptListsItThenTheUnfinishedPurchasesBeforeIt() throws {
        let folder = try TemporaryFolder()
        let world = try folder.world(seed: 7)
        try world.recordPendingPurchases(3, of: coins)
        let transactions = try ReadModel(world).snapshot().transactions
        #expect(transactions.count == 3)
        for (index, transaction) in transactions.enumerated() {
            let listed = try receiptIds(try #require(transaction.receipt))
            // Apple (developer forums, thread 125368): "The receipt will contain the information for a
            // consumable IAP until the app calls finishTransaction on the purchase."
            #expect(listed == [transaction.id.description] + transactions[..<index].map(\.id.description))
        }
        try world.perform(.launch)
        try world.perform(.quit)
        let audit = try ReadModel(world).snapshot().audit(catalog: world.catalog)
        #expect([audit.paid, audit.credited, audit.pending] == [Int]([3, 3, 0]), "each proven by the receipt it was cached with")
        #expect(throws: WorldActionError.refused(.store(.notAConsumable(productId: "com.storesim.pro")))) {
            try world.recordPendingPurchases(3, of: "com.storesim.pro")
        }
    }

    /// The transaction ids a signed receipt lists, in order: the UTF8String of each attribute
    /// 1703 in its payload (base64 of a PKCS #7 signedData carrying Apple's ASN.1 receipt).
    private func receiptIds(_ receipt: String) throws -> [String] {
        let der = try #require(Base64.standard.decode(receipt.utf8))
        let payload = try SignedData(der: der).content
        // Each attribute 1703: type 02 02 06 A7, version 02 01 01, then 04 len 0C len and the id.
        let marker: [UInt8] = [0x02, 0x02, 0x06, 0xA7, 0x02, 0x01, 0x01, 0x04]
        var ids: [String] = []
        var index = 0
        while index + marker.count + 3 <= payload.count {
            guard Array(payload[index..<(index + marker.count)]) == marker else {
                index += 1
                continue
            }
            let length = Int(payload[index + marker.count + 2]), start = index + marker.count + 3
            ids.append(String(decoding: payload[start..<min(start + length, payload.count)], as: UTF8.self))
            index = start + length
        }
        return ids
    }
}
