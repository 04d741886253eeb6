import Foundation
import IAPCore
import Storage
import Testing
@testable import PlayEngine

/// The license testers' slow test cards: Google, "license testers have access to two test
/// instruments for delayed forms of payment where the payment automatically completes or cancels
/// after a couple of minutes." StoreSim resolves each two minutes after the purchase.
@Suite("Google Play's slow test cards")
struct PlaySlowCardTests {
    private let world: PlayWorld

    init() throws {
        world = try PlayWorld()
    }

    private var play: PlayStore { world.play }

    private static func millis(hours: Int64 = 0, plus extra: Int64 = 0) -> Int64 {
        SimulatedTime.millis(PlayWorld.at(hours: hours, millis: extra))
    }

    private static let twoMinutes: Int64 = 120_000

    @Test func aSlowCardIsDueExactlyTwoMinutesAfterThePurchaseAndItsThreeDaysStartThen() throws {
        let purchase = try world.buy(PlayWorld.pro, mode: .slowApprove, at: PlayWorld.at(hours: 1))
        #expect(purchase.purchaseState == .pending)
        #expect(try play.nextDue(after: Self.millis(hours: 1)) == Self.millis(hours: 1, plus: Self.twoMinutes))
        #expect(try play.resolveSlowCards(at: PlayWorld.at(hours: 1, millis: Self.twoMinutes - 1)).isEmpty, "not a millisecond before")
        let resolved = try play.resolveSlowCards(at: PlayWorld.at(hours: 1, millis: Self.twoMinutes))
        #expect(resolved.map(\.orderId) == [purchase.orderId])
        #expect(resolved.first?.state == .purchased)
        #expect(resolved.first?.purchasedMillis == Self.millis(hours: 1, plus: Self.twoMinutes))
        // Google: "The three day acknowledgement window begins only when the purchase state
        // transitions from 'PENDING' to 'PURCHASED'."
        #expect(try play.nextDue(after: Self.millis(hours: 1, plus: Self.twoMinutes)) == Self.millis(hours: 73, plus: Self.twoMinutes))
        #expect(try play.refundDue(at: PlayWorld.at(hours: 73)).isEmpty)
        #expect(try play.refundDue(at: PlayWorld.at(hours: 73, millis: Self.twoMinutes)).map(\.orderId) == [purchase.orderId])
    }

    @Test func aDecliningSlowCardCancelsThePurchaseWhichCanBeBoughtAgain() throws {
        let purchase = try world.buy(PlayWorld.pro, mode: .slowDecline)
        #expect(try play.queryPurchases(account: "demo", now: PlayWorld.at()).map(\.purchaseState) == [.pending], "Google returns a PENDING purchase")
        let resolved = try play.resolveSlowCards(at: PlayWorld.at(millis: Self.twoMinutes))
        #expect(resolved.map(\.state) == [.canceled])
        #expect(try play.queryPurchases(account: "demo", now: PlayWorld.at()).isEmpty, "a canceled pending purchase is not returned")
        #expect(try play.productPurchase(token: purchase.purchaseToken).purchaseState == .canceled)
        #expect(try play.nextDue(after: Self.millis(plus: Self.twoMinutes)) == nil)
        #expect(try world.buy(PlayWorld.pro, at: PlayWorld.at(hours: 1)).purchaseState == .purchased)
    }

    @Test func aSlowCardApprovedEarlierIsNoLongerDue() throws {
        let purchase = try world.buy(PlayWorld.pro, mode: .slowDecline)
        _ = try play.approvePending(token: purchase.purchaseToken, now: PlayWorld.at(millis: 60_000))
        #expect(try play.nextDue(after: 60_000 + Self.millis()) == Self.millis(hours: 72, plus: 60_000))
        #expect(try play.resolveSlowCards(at: PlayWorld.at(hours: 1)).isEmpty)
        #expect(try world.record(purchase.purchaseToken)?.state == .purchased)
    }

    @Test func severalCardsResolveInTheOrderTheyFallDue() throws {
        let first = try world.buy(PlayWorld.pro, mode: .slowApprove, at: PlayWorld.at(millis: 0))
        let second = try world.buy(PlayWorld.coins, mode: .slowDecline, at: PlayWorld.at(millis: 30_000))
        #expect(try play.nextDue(after: Self.millis(plus: Self.twoMinutes - 1)) == Self.millis(plus: Self.twoMinutes))
        // A card whose moment the clock passed before it was resolved is due at once.
        #expect(try play.nextDue(after: Self.millis(plus: Self.twoMinutes + 10_000)) == Self.millis(plus: Self.twoMinutes + 10_000))
        let resolved = try play.resolveSlowCards(at: PlayWorld.at(hours: 1))
        #expect(resolved.map(\.orderId) == [first.orderId, second.orderId])
        #expect(resolved.map(\.state) == [.purchased, .canceled])
        #expect(resolved.first?.purchasedMillis == Self.millis(plus: Self.twoMinutes), "PURCHASED when the card approved, not later")
    }

    @Test func theSlowCardsDueAreFoundThroughTheirIndex() throws {
        let database = try SQLiteDatabase(path: world.path, readOnly: true)
        for query in [PlayDue.slowCard.dueQuery, PlayDue.slowCard.earliestQuery] {
            let steps = try database.query("EXPLAIN QUERY PLAN " + query, [.integer(1)]).map { try $0.text("detail") }
            #expect(steps.contains { $0.contains("INDEX purchases_slow_card_due") }, "\(steps)")
            #expect(!steps.contains { $0.hasPrefix("SCAN") }, "\(steps)")
        }
    }

    @Test func aFileOfVersionOneIsReadAsItIsAndBroughtToTheNewestVersionKeepingItsPurchases() throws {
        let older = world.folder.file("older.sqlite")
        let file = try SQLiteDatabase(path: older)
        try file.execute(PlayDatabase.schema.steps[0])
        try file.execute("PRAGMA user_version = 1")
        try file.execute("""
            INSERT INTO purchases(order_number, sequence, token, product_id, account, state, created_millis, purchased_millis)
            VALUES(10000000000000001, 0, 'abc', 'com.storesim.pro', 'demo', 'purchased', 1, 1)
            """)
        #expect(try PlayStore.readRecords(path: older).count == 1, "read beside the world (audit, state) without writing")
        #expect(try SQLiteDatabase(path: older, readOnly: true).query("PRAGMA user_version").first?.value("user_version") == .integer(1))
        let opened = try PlayStore(path: older, seed: 7)
        let records = try opened.records()
        #expect(records.count == 1)
        #expect(records.first?.slowCard == nil && records.first?.slowCardDueMillis == nil)
        let reread = try SQLiteDatabase(path: older, readOnly: true)
        #expect(try reread.query("PRAGMA user_version").first?.value("user_version") == .integer(8))
    }
}
