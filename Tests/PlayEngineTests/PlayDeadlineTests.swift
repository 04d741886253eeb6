import Foundation
import IAPCore
import PlayEngine
import Storage
import Testing

@Suite("Google Play's three-day rule")
struct PlayDeadlineTests {
    private let world: PlayWorld

    init() throws {
        world = try PlayWorld()
    }

    private var play: PlayStore { world.play }

    private static func millis(hours: Int64, plus extra: Int64 = 0) -> Int64 {
        SimulatedTime.millis(PlayWorld.at(hours: hours, millis: extra))
    }

    @Test func anUnacknowledgedPurchaseIsDueExactlySeventyTwoHoursAfterItWasPurchased() throws {
        // Google: "must be done within three days so that the purchase isn't automatically
        // refunded and entitlement revoked."
        let purchase = try world.buy(PlayWorld.pro, at: PlayWorld.at(hours: 1))
        #expect(try play.nextDue(after: Self.millis(hours: 1)) == Self.millis(hours: 73))
        #expect(try play.refundDue(at: PlayWorld.at(hours: 73, millis: -1)).isEmpty, "not a millisecond before")
        #expect(try play.queryPurchases(account: "demo", now: PlayWorld.at()).map(\.orderId) == [purchase.orderId])
        let refunded = try play.refundDue(at: PlayWorld.at(hours: 73))
        #expect(refunded.map(\.orderId) == [purchase.orderId])
        #expect(refunded.first?.voidedMillis == Self.millis(hours: 73))
        #expect(refunded.first?.voidedSource == .google)
        #expect(refunded.first?.voidedSource?.rawValue == 2)
        #expect(refunded.first?.voidedReason == .unacknowledgedPurchase)
        #expect(refunded.first?.voidedReason?.rawValue == 8)
        #expect(refunded.first?.voidedReason?.name == "Unacknowledged_purchase")
        #expect(try world.record(purchase.purchaseToken) == refunded.first, "what it returns is what it wrote")
    }

    @Test func aRefundedPurchaseIsRevokedAndNoLongerDue() throws {
        let purchase = try world.buy(PlayWorld.pro)
        _ = try play.refundDue(at: PlayWorld.at(hours: 72))
        #expect(try play.queryPurchases(account: "demo", now: PlayWorld.at()).isEmpty)
        #expect(try play.productPurchase(token: purchase.purchaseToken).purchaseState == .canceled)
        #expect(try play.nextDue(after: Self.millis(hours: 72)) == nil)
        #expect(try play.refundDue(at: PlayWorld.at(hours: 200)).isEmpty, "voided once")
        #expect(try world.buy(PlayWorld.pro, at: PlayWorld.at(hours: 73)).purchaseState == .purchased)
    }

    @Test func anAcknowledgedPurchaseIsNeverDue() throws {
        let purchase = try world.buy(PlayWorld.pro)
        try play.acknowledge(token: purchase.purchaseToken, by: .server, now: PlayWorld.at(hours: 71))
        #expect(try play.nextDue(after: 0) == nil)
        #expect(try play.refundDue(at: PlayWorld.at(hours: 1000)).isEmpty)
    }

    @Test func pendingTimeDoesNotCount() throws {
        // Google: "The three day acknowledgement window begins only when the purchase state
        // transitions from 'PENDING' to 'PURCHASED'."
        let pending = try world.buy(PlayWorld.pro, mode: .pending, at: PlayWorld.at(hours: 0))
        #expect(try play.nextDue(after: 0) == nil)
        #expect(try play.refundDue(at: PlayWorld.at(hours: 120)).isEmpty, "five days pending")
        _ = try play.approvePending(token: pending.purchaseToken, now: PlayWorld.at(hours: 120))
        #expect(try play.nextDue(after: Self.millis(hours: 120)) == Self.millis(hours: 192))
        #expect(try play.refundDue(at: PlayWorld.at(hours: 191)).isEmpty)
        #expect(try play.refundDue(at: PlayWorld.at(hours: 192)).map(\.orderId) == [pending.orderId])
    }

    @Test func theClockStopsAtEachDeadlineInTurnAndOneCallVoidsAllThatAreDue() throws {
        let first = try world.buy(PlayWorld.pro, at: PlayWorld.at(hours: 0))
        let second = try world.buy(PlayWorld.coins, at: PlayWorld.at(hours: 2))
        let third = try world.buy("com.storesim.gems", at: PlayWorld.at(hours: 5))
        #expect(try play.nextDue(after: Self.millis(hours: 5)) == Self.millis(hours: 72))
        // Three days that ended without being lived (the clock went past while messages were
        // delivered) are due at once, not left for a later moment.
        #expect(try play.nextDue(after: Self.millis(hours: 73)) == Self.millis(hours: 73))
        #expect(try play.refundDue(at: PlayWorld.at(hours: 76)).map(\.orderId) == [first.orderId, second.orderId])
        #expect(try play.nextDue(after: Self.millis(hours: 76)) == Self.millis(hours: 77))
        #expect(try play.queryPurchases(account: "demo", now: PlayWorld.at()).map(\.orderId) == [third.orderId])
        #expect(try play.refundDue(at: PlayWorld.at(hours: 77)).map(\.orderId) == [third.orderId])
        #expect(try play.nextDue(after: Self.millis(hours: 77)) == nil)
    }

    @Test func theRefundsDueAreWrittenAllOrNone() throws {
        // Every change that matters is one SQLite transaction: when the second void cannot be
        // written, the first is not kept either.
        let first = try world.buy(PlayWorld.pro, at: PlayWorld.at(hours: 0))
        let second = try world.buy(PlayWorld.coins, at: PlayWorld.at(hours: 1))
        try SQLiteDatabase(path: world.path).execute("""
            CREATE TRIGGER fail_second BEFORE UPDATE ON purchases WHEN NEW.order_number = \(second.orderId.number)
            BEGIN SELECT RAISE(ABORT, 'the disk went away'); END;
            """)
        #expect(throws: PlayError.self) { try play.refundDue(at: PlayWorld.at(hours: 80)) }
        #expect(try world.record(first.purchaseToken)?.isVoided == false)
        #expect(try play.queryPurchases(account: "demo", now: PlayWorld.at()).map(\.orderId) == [first.orderId, second.orderId])
    }
}
