import Foundation
import IAPCore
import ReadSide
import Testing

/// Time passing by itself (the interface's time rate): the clock moves without a line of its
/// own, and what falls due happens as after `advance`.
@Suite struct TimePassingTests {
    private let monthly = "com.storesim.premium.monthly"

    @Test func timePassingRenewsWhatFallsDueWithoutAClockLine() throws {
        let fixture = try WorldFixture()
        try fixture.run(.buy(productId: monthly, answer: .confirm))
        let bought = fixture.world.now
        // Time passing stops at each moment that falls due (here the trial's end), as the
        // interface's ticks do, and goes on from there.
        let target = bought.addingTimeInterval(8 * 86_400)
        for _ in 0..<10 where fixture.world.now < target {
            try fixture.world.letTimePass(byMillis: Int64((target.timeIntervalSince(fixture.world.now) * 1000).rounded(.up)))
        }
        try fixture.world.settle()
        #expect(fixture.world.now.timeIntervalSince(bought) >= 8 * 86_400)
        #expect(!fixture.events.contains { $0.text.hasPrefix("clock advanced") }, "time passing is not the user's advance")
        #expect(fixture.events.contains { $0.text == "purchased \(monthly) tx 1000000000000002" && $0.from == .store })
        let audit = try fixture.audit()
        #expect([audit.paid, audit.credited, audit.lost] == [Int]([2, 2, 0]))
    }

    @Test func theNextRenewalIsWhereTheClockStops() throws {
        let fixture = try WorldFixture()
        try fixture.run(.buy(productId: monthly, answer: .confirm))
        let bought = try #require(fixture.readModel.view().transactions.first).date
        let trialEnds = bought.addingTimeInterval(7 * 86_400)
        try fixture.world.letTimePassToNextRenewal()
        #expect(abs(fixture.world.now.timeIntervalSince(trialEnds)) < 0.001, "the clock stops at the trial's end")
        try fixture.world.settle()
        #expect(try fixture.audit().paid == 2)
    }

    @Test func withNothingThatRenewsTheClockStays() throws {
        let fixture = try WorldFixture()
        try fixture.run(.buy(productId: "com.storesim.coins.100", answer: .confirm))
        let before = fixture.world.now
        try fixture.world.letTimePassToNextRenewal()
        #expect(fixture.world.now == before)
    }

    @Test func timeStopsAtTheLastDayTheClockKnows() throws {
        let fixture = try WorldFixture()
        try fixture.world.letTimePass(byMillis: .max)
        #expect(SimulatedTime.format(fixture.world.now) == "9999-01-01 00:00:00")
        try fixture.world.letTimePass(byMillis: 1000)
        #expect(SimulatedTime.format(fixture.world.now) == "9999-01-01 00:00:00")
    }

    /// A notification retry is posted when it falls due, not when the interface's next step of
    /// time happens to pass it: the clock stops at it, as `advance` does.
    @Test func timePassingStopsAtANotificationRetry() throws {
        let fixture = try WorldFixture()
        try fixture.run(.serverNotifications(on: true), .server(.down), .buy(productId: "com.storesim.coins.100", answer: .confirm))
        let first = try #require(fixture.events.first { $0.kind == .message && $0.text.hasPrefix("notification ONE_TIME_CHARGE") })
        try fixture.run(.server(.up))
        try fixture.world.letTimePass(byMillis: 2 * 86_400_000)
        try fixture.world.settle()
        let retry = try #require(fixture.events.first { $0.kind == .message && $0.text.hasSuffix("(retry 1 of 5)") })
        #expect(retry.timeMillis == first.timeMillis + 3_600_000)
        try fixture.world.letTimePass(byMillis: 2 * 86_400_000)
        try fixture.world.settle()
        #expect(!fixture.events.contains { $0.text.hasSuffix("(retry 2 of 5)") }, "the first retry was acknowledged")
        #expect(fixture.world.now.timeIntervalSince1970 * 1000 >= Double(retry.timeMillis + 2 * 86_400_000))
    }
}

