import Foundation
import IAPCore
import Testing
@testable import StoreEngine

/// The schedule a clock's stops search: what is due by a moment, the next moment, and one
/// subscription brought up to date without disturbing the others, ties included.
@Suite struct SubscriptionScheduleTests {
    private static let start = SimulatedTime.epoch
    private static func day(_ days: Double) -> Date { start.addingTimeInterval(days * 86_400) }
    private static func millis(_ days: Double) -> Int64 { SimulatedTime.millis(day(days)) }

    private static func record(_ id: Int64, original: Int64) -> StoreRecord {
        StoreRecord(id: TransactionID(id), originalId: TransactionID(original), productId: "com.example.monthly", account: "demo",
                    state: .purchased, kind: id == original ? .purchase : .renewal, charged: true, finished: false,
                    refunded: false, date: start, error: nil, receipt: nil)
    }

    private static func entry(_ id: Int64, original: Int64, renewsOn day: Double?, moments: [Double],
                              notices: [Double] = []) -> SubscriptionSchedule.Entry {
        SubscriptionSchedule.Entry(latest: record(id, original: original), renewsAt: day.map(Self.day), moments: moments.map(Self.millis),
                                   notices: notices.map(Self.millis))
    }

    /// A renews on day 1, B does not renew and ends on day 3, C renews on day 2, D on day 2 too.
    private func schedule() -> SubscriptionSchedule {
        SubscriptionSchedule(changes: 7, notificationsOn: false, entries: [
            1: Self.entry(1, original: 1, renewsOn: 1, moments: [1], notices: [1]),
            2: Self.entry(5, original: 2, renewsOn: nil, moments: [3], notices: [3]),
            3: Self.entry(3, original: 3, renewsOn: 2, moments: [2], notices: [2]),
            4: Self.entry(4, original: 4, renewsOn: 2, moments: [2], notices: [2]),
        ])
    }

    @Test func whatIsDueByAMomentIsTheRenewingSubscriptionsWhosePeriodEndedOldestFirst() {
        let schedule = schedule()
        #expect(schedule.due(by: Self.day(0.5)).isEmpty)
        #expect(schedule.due(by: Self.day(1)).map(\.id) == [1])
        #expect(schedule.due(by: Self.day(2)).map(\.id) == [1, 3, 4])
        #expect(schedule.due(by: Self.day(30)).map(\.id) == [1, 3, 4], "a subscription that does not renew is never due")
    }

    @Test func theNextMomentIsTheFirstAfterTheOneGiven() {
        let schedule = schedule()
        #expect(schedule.nextMoment(after: Self.millis(0)) == Self.millis(1))
        #expect(schedule.nextMoment(after: Self.millis(1)) == Self.millis(2))
        #expect(schedule.nextMoment(after: Self.millis(2)) == Self.millis(3))
        #expect(schedule.nextMoment(after: Self.millis(3)) == nil)
    }

    @Test func theEndsToTellAreThoseAfterTheLastStopAndByThisOneOldestFirst() {
        let schedule = schedule()
        #expect(schedule.noticed(after: Self.millis(0), through: Self.millis(1)).map(\.id) == [1])
        #expect(schedule.noticed(after: Self.millis(1), through: Self.millis(3)).map(\.id) == [3, 4, 5])
        #expect(schedule.noticed(after: Self.millis(3), through: Self.millis(40)).isEmpty)
    }

    @Test func replacingOneSubscriptionLeavesTheOthersAndItsTwinAtTheSameMoment() {
        var schedule = schedule()
        schedule.replace(3, with: Self.entry(9, original: 3, renewsOn: 32, moments: [32], notices: [32]))
        #expect(schedule.due(by: Self.day(2)).map(\.id) == [1, 4], "D, due at the same moment as C was, stays due")
        #expect(schedule.noticed(after: Self.millis(1), through: Self.millis(2)).map(\.id) == [4])
        #expect(schedule.noticed(after: Self.millis(31), through: Self.millis(32)).map(\.id) == [9])
        #expect(schedule.nextMoment(after: Self.millis(1)) == Self.millis(2))
        #expect(schedule.nextMoment(after: Self.millis(3)) == Self.millis(32))
        #expect(schedule.latest().map(\.id) == [1, 4, 5, 9], "the renewal is now C's latest, in the order of ids")
        schedule.replace(4, with: Self.entry(4, original: 4, renewsOn: nil, moments: []))
        #expect(schedule.due(by: Self.day(2)).map(\.id) == [1])
        #expect(schedule.nextMoment(after: Self.millis(1)) == Self.millis(3))
    }

    @Test func aLatestTransactionFinishedStaysInPlaceFinished() {
        var schedule = schedule()
        schedule.finished(3)
        schedule.finished(2)
        #expect(schedule.latest().filter(\.finished).map(\.id) == [3], "an id that is no subscription's latest changes nothing")
        #expect(schedule.due(by: Self.day(2)).map(\.id) == [1, 3, 4])
    }

    @Test func itStaysCurrentThroughOtherWritesOnlyFromTheChangesItWasCurrentAt() {
        var schedule = schedule()
        schedule.keepCurrent(from: 7, to: 9)
        #expect(schedule.isCurrent(changes: 9, notificationsOn: false))
        #expect(!schedule.isCurrent(changes: 9, notificationsOn: true), "notifications turned on change what is due")
        schedule.keepCurrent(from: 10, to: 12)
        #expect(!schedule.isCurrent(changes: 12, notificationsOn: false), "a write it did not see before leaves it behind")
    }
}
