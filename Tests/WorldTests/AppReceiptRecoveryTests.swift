import Foundation
import IAPClient
import IAPCore
@testable import ReadSide
import Storage
import Testing
import TestSupport
@testable import WorldCore

/// A launch that finds several orders pending verifies them all with one request carrying the
/// app receipt, the newest receipt the Store handed out. Apple (receipt fields): a consumable's
/// in-app purchase entry "is kept in the receipt until your app finishes that transaction", so
/// the app receipt lists every unfinished consumable and one `verifyReceipt` proves them all. An
/// order it does not prove is verified with its own cached receipt, as before.
@Suite struct AppReceiptRecoveryTests {
    /// A world whose app left `count` coin purchases pending while the Server was down; closed.
    private func pending(_ count: Int) throws -> WorldFixture {
        let fixture = try WorldFixture()
        try fixture.run(.server(.down))
        for _ in 0..<count {
            try fixture.run(.buy(productId: "com.storesim.coins.100", answer: .confirm))
        }
        try fixture.run(.server(.up), .quit)
        return fixture
    }

    /// What the launch's events say, from the last launch on.
    private func sinceLaunch(_ fixture: WorldFixture) -> ArraySlice<Event> {
        let start = fixture.events.lastIndex { $0.kind == .command && $0.text.hasPrefix("launch") } ?? 0
        return fixture.events[start...]
    }

    private func expectEverythingCreditedOnce(_ fixture: WorldFixture, paid: Int) throws {
        let audit = try fixture.audit()
        #expect(audit.paid == paid)
        #expect(audit.credited == paid)
        #expect(audit.doubleCredited == 0)
        #expect(audit.lost == 0)
        #expect(audit.pending == 0)
        #expect(audit.unfinished == 0)
        #expect(audit.ok)
    }

    @Test func aLaunchWithSeveralPendingOrdersSendsOneVerifyAndCreditsThemAll() throws {
        let fixture = try pending(5)
        try fixture.run(.launch)
        let launch = sinceLaunch(fixture)
        let verifies = launch.filter { $0.kind == .message && $0.from == .app && $0.to == .server && $0.text.hasPrefix("verify") }
        #expect(verifies.map(\.text) == ["verify 5 pending orders with the app receipt"])
        let checks = launch.filter { $0.kind == .message && $0.text.hasPrefix("verifyReceipt for") }
        #expect(checks.map(\.text) == ["verifyReceipt for the app receipt (5 pending orders)"])
        #expect(launch.filter { $0.kind == .note && $0.text.hasPrefix("credit tx") }.count == 5)
        let report = try #require(launch.last { $0.kind == .report })
        #expect(report.text.components(separatedBy: "credited now").count == 6)
        try expectEverythingCreditedOnce(fixture, paid: 5)
    }

    @Test func anOrderTheAppReceiptDoesNotListIsVerifiedWithItsCachedReceipt() throws {
        let fixture = try pending(3)
        // The app's receipt file is put back to the one the first purchase brought, as restoring
        // an old backup of the app's folder would: it lists the first order, not the other two.
        let cached = try PendingOrderCache.read(path: fixture.world.directory.pendingOrders).orders
        try AppReceipt(path: fixture.world.directory.receipt).save(cached[0].receipt)
        try fixture.run(.launch)
        let launch = sinceLaunch(fixture)
        let notProven = launch.filter { $0.kind == .note && $0.from == .server && $0.text.hasPrefix("the app receipt does not prove") }
        #expect(notProven.map(\.text) == [1, 2].map { "the app receipt does not prove tx \(cached[$0].transactionId): not on the app receipt" })
        #expect(launch.contains { $0.kind == .delivered && $0.text == "answered 3 pending orders: 1 credited, 2 not proven by the app receipt" })
        let alone = launch.filter { $0.kind == .message && $0.from == .app && $0.text.hasPrefix("verify tx") }
        #expect(alone.map(\.text) == [1, 2].map { "verify tx \(cached[$0].transactionId) (com.storesim.coins.100)" })
        try expectEverythingCreditedOnce(fixture, paid: 3)
    }

    @Test(arguments: ["forged", "damaged"])
    func aRejectedAppReceiptFallsBackToEachCachedReceiptAndLosesNothing(how: String) throws {
        let fixture = try pending(4)
        let appReceipt = AppReceipt(path: fixture.world.directory.receipt)
        let genuine = try #require(appReceipt.read())
        var bytes = Array(genuine.utf8)
        if how == "forged" {
            bytes[bytes.count / 3] = bytes[bytes.count / 3] == UInt8(ascii: "A") ? UInt8(ascii: "B") : UInt8(ascii: "A")
        } else {
            bytes = Array("not a receipt at all".utf8)
        }
        try appReceipt.save(String(decoding: bytes, as: UTF8.self))
        try fixture.run(.launch)
        let launch = sinceLaunch(fixture)
        let status = how == "forged" ? "status 21003 for the app receipt" : "status 21002 for the app receipt"
        #expect(launch.contains { $0.kind == .delivered && $0.text.hasPrefix(status) })
        #expect(launch.filter { $0.kind == .note && $0.from == .server && $0.text.hasPrefix("the app receipt does not prove") }.count == 4)
        #expect(launch.contains { $0.kind == .delivered && $0.text == "answered 4 pending orders: 4 not proven by the app receipt" })
        #expect(launch.filter { $0.kind == .message && $0.from == .app && $0.text.hasPrefix("verify tx") }.count == 4)
        try expectEverythingCreditedOnce(fixture, paid: 4)
    }

    /// The power is cut when the app finishes the first order the single verification credited:
    /// the other answers are lost and no removal was fsynced. Nothing is lost, nothing doubled.
    @Test func aPowerCutWhileTheAppFinishesTheCreditedOrdersLosesNothingAndDoublesNothing() throws {
        let fixture = try pending(6)
        try fixture.run(.powerCutAt(.finished), .launch)
        #expect(!fixture.world.appStatus.isRunning)
        #expect(try fixture.audit().pending == 6, "no removal reached the disk")
        try fixture.run(.launch)
        try expectEverythingCreditedOnce(fixture, paid: 6)
    }

    /// One order is verified alone, as before: with one, a request with the app receipt saves nothing.
    @Test func aLaunchWithOnePendingOrderVerifiesItWithItsOwnReceipt() throws {
        let fixture = try pending(1)
        try fixture.run(.launch)
        let verifies = sinceLaunch(fixture).filter { $0.kind == .message && $0.from == .app && $0.to == .server }
        #expect(verifies.map(\.text).first?.hasPrefix("verify tx") == true)
        try expectEverythingCreditedOnce(fixture, paid: 1)
    }
}
