import Foundation
import IAPCore
@testable import ReadSide
@testable import ScenarioLanguage
import StoreEngine
import Testing
import TestSupport
@testable import Drivers
@testable import WorldCore

/// The history a world keeps from read to read, updated by the rows each write wrote
/// (`HistoryReads`), against its files read afresh after every command of chaos sessions: the
/// transactions, the ledger, and the audit made from the kept tally against the audit of the fresh
/// read, word for word.
@Suite struct KeptHistoryTests {
    private static let switches = [ChaosSwitches(api: .storekit1, notifications: false),
                                   ChaosSwitches(api: .storekit2, notifications: true),
                                   ChaosSwitches(api: .storekit2, notifications: false)]

    @Test(arguments: 1...9)
    func aChaosSessionKeepsWhatAFreshReadFindsAfterEveryCommand(seed: UInt64) throws {
        let fixture = try WorldFixture()
        let world = fixture.world
        var generator = ChaosGenerator(catalog: world.catalog, random: SplitMix64(seed: seed))
        let runner = ScenarioRunner(world: world) { _ in }
        let switches = Self.switches[Int(seed) % Self.switches.count]
        var checked = 0
        for command in switches.commands + generator.body() + generator.body() + [.wait, .quit, .launch, .restore, .wait] {
            do {
                try runner.perform(command)
            } catch {
                guard case .refused = error else { throw error }
            }
            try expectKeptIsFresh(fixture.readModel, after: command)
            checked += 1
        }
        #expect(checked > 10)
    }

    @Test func aRefundAndAPurchaseAfterAKeptReadAreCountedOnce() throws {
        let fixture = try WorldFixture()
        try fixture.run(.buy(productId: "com.storesim.pro", answer: .confirm), .wait)
        try expectKeptIsFresh(fixture.readModel, after: .wait)
        let paid = try fixture.readModel.audit().paid
        try fixture.run(.refund(.product("com.storesim.pro"), reason: nil), .buy(productId: "com.storesim.coins.100", answer: .confirm), .wait)
        try expectKeptIsFresh(fixture.readModel, after: .wait)
        let audit = try fixture.readModel.audit()
        #expect(audit.paid == paid + 1)
        #expect(audit.refunded == 1)
    }

    private func expectKeptIsFresh(_ readModel: ReadModel, after command: ScenarioCommand) throws {
        let world = readModel.world
        let fresh = try WorldSnapshot.read(world.directory)
        let kept = try readModel.snapshot()
        let catalog = world.catalog
        // A fresh read leaves receipts out: a reader beside the world need not read every receipt.
        #expect(kept.transactions.map(withoutReceipt) == fresh.transactions, "after \(command.scriptLine)")
        #expect(kept.ledger == fresh.ledger, "after \(command.scriptLine)")
        let (keptAudit, freshAudit) = (try readModel.audit(), fresh.audit(catalog: catalog))
        #expect(keptAudit.lines(catalog: catalog) == freshAudit.lines(catalog: catalog), "after \(command.scriptLine)")
        #expect(keptAudit.json.rendered == freshAudit.json.rendered, "after \(command.scriptLine)")
        try expectViewIsFresh(try readModel.view(), fresh, after: command)
    }

    /// The view's rows made from the kept history and its tallies against the fresh read's.
    private func expectViewIsFresh(_ view: WorldView, _ fresh: WorldSnapshot, after command: ScenarioCommand) throws {
        let refunded = Set(fresh.transactions.filter(\.refunded).map(\.id))
        #expect(view.transactions.map(\.id) == fresh.transactions.map(\.id), "after \(command.scriptLine)")
        #expect(view.transactions.map(\.refunded) == fresh.transactions.map(\.refunded), "after \(command.scriptLine)")
        #expect(view.credits.map { [$0.transactionId.description, $0.productId, $0.grant.english, "\($0.refunded)"] }
                    == fresh.ledger.credits.map { [$0.transactionId.description, $0.productId, $0.grantWords, "\(refunded.contains($0.transactionId))"] },
                "after \(command.scriptLine)")
        let queued = fresh.transactions.filter { WorldView.inQueue($0.isUnfinished, $0.state, finished: $0.finished) }
        #expect(view.queue.map(\.id) == queued.map(\.id), "after \(command.scriptLine)")
        let offered = fresh.transactions.filter { $0.charged && ($0.kind == .trial || fresh.offers[$0.id] != nil) }.map(\.id)
        #expect(view.transactions.filter { $0.offer != nil }.map(\.id) == offered, "after \(command.scriptLine)")
        var latest: [TransactionID: TransactionID] = [:]
        for record in fresh.transactions where record.charged && record.kind != .restore { latest[record.originalId] = record.id }
        for row in view.transactions where row.renewsAs != nil || row.billing != nil || row.priceConsent != nil {
            #expect(latest[row.originalId] == row.id, "a subscription's change shows on its latest period, after \(command.scriptLine)")
        }
        let credited = Dictionary(grouping: fresh.ledger.credits, by: \.productId).mapValues(\.count)
        for row in view.products where row.product.type == .consumable && fresh.ledger.entitlements.allSatisfy({ $0.productId != row.product.id }) {
            #expect(row.holding == .credited(credited[row.product.id] ?? 0), "after \(command.scriptLine)")
        }
    }

    private func withoutReceipt(_ record: StoreRecord) -> StoreRecord {
        StoreRecord(id: record.id, originalId: record.originalId, productId: record.productId, account: record.account,
                    state: record.state, kind: record.kind, charged: record.charged, finished: record.finished,
                    refunded: record.refunded, date: record.date, error: record.error, receipt: nil,
                    refundDate: record.refundDate, signedTransaction: record.signedTransaction,
                    refundReason: record.refundReason, sharedFrom: record.sharedFrom)
    }
}
