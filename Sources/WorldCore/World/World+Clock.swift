import Foundation
import IAPCore

/// The simulated clock: `advance`, time passing by itself in the interface, and each moment
/// that falls due on the way lived in turn.
extension World {
    /// Moves the simulated clock forward; refused when that would pass
    /// `SimulatedTime.latestAdvanceMillis`.
    public func advance(by seconds: Int64) throws(WorldActionError) {
        let (millis, overflow) = seconds.multipliedReportingOverflow(by: 1000)
        guard !overflow, millis >= 0, millis <= SimulatedTime.latestAdvanceMillis - nowMillis else {
            throw .refused(.clockAtItsEnd(nowMillis: nowMillis))
        }
        do {
            try moveClock(byMillis: millis)
        } catch {
            throw .failed(error)
        }
    }

    /// Lets simulated time pass by itself, as the interface's time rate runs it: the clock moves
    /// without a line of its own, stopping at `SimulatedTime.latestAdvanceMillis` and at the next
    /// moment something falls due (a renewal, an expiry, a notification's attempt), which happens
    /// then (the messages in flight are left to the interface's ticks, and the next step goes on
    /// from there), as in `advance`.
    public func letTimePass(byMillis millis: Int64) throws(WorldError) {
        let due = try nextDue().map { $0 - nowMillis }
        let step = min(max(millis, 0), SimulatedTime.latestAdvanceMillis - nowMillis, due ?? .max)
        // A moment due already (a Pub/Sub push published by a command, not yet pushed) is
        // lived now, so that time goes on from it rather than stopping there.
        guard step > 0 else { return try moveClock(byMillis: 0, announced: false) }
        try moveClock(byMillis: step, announced: false)
    }

    /// Moves the clock, by itself, to the moment the next renewal falls due (Xcode's "one renewal
    /// every N seconds" rates); nothing happens while no subscription renews.
    public func letTimePassToNextRenewal() throws(WorldError) {
        let due: Date?
        do {
            due = try store.nextRenewalDue()
        } catch {
            throw .file(path: directory.storeDatabase, problem: error.problem)
        }
        guard let due else { return }
        try letTimePass(byMillis: Int64((due.timeIntervalSince1970 * 1000).rounded(.up)) - nowMillis)
    }

    /// Moves the clock past time lived without messages (past purchases recorded in bulk);
    /// a renewal that falls due on the way waits for the next advance.
    func passClock(byMillis millis: Int64) throws(WorldError) {
        nowMillis += millis
        try saveSettings()
    }

    /// Moves the clock, stopping at each moment something falls due on the way (`Store.nextDue`),
    /// in turn: what falls due there happens, stamped with that moment, then the clock goes on.
    /// An `announced` move is a line of the timeline, at its end; it delivers what is on its way
    /// to the Server at the moment it was sent (a notification's attempt is acknowledged or
    /// missed then, not at the next one), the app's messages with it; in a Google Play world,
    /// whatever is on its way (a slow test card's `onPurchasesUpdated`, which the app then
    /// acknowledges before any later three days end). Time passing by itself
    /// (the interface) leaves the messages in flight to the ticks.
    func moveClock(byMillis millis: Int64, announced: Bool = true) throws(WorldError) {
        let target = nowMillis + millis
        var since = now
        // The Store's writes of consecutive moments are one batch (group commit), made durable
        // before anything they sent is delivered.
        try beginRun(for: .store)
        do {
            while let due = try nextDue(), due <= target {
                nowMillis = due
                try liveDueMoment(since: since)
                since = now
                if announced, messageToServerInFlight || (play != nil && !isQuiet) {
                    try endRun()
                    try deliverAll()
                    try beginRun(for: .store)
                }
            }
            nowMillis = max(nowMillis, target)
            if announced {
                try record(.command, from: .user, to: nil, what: .user(.clockAdvanced(to: SimulatedTime.format(now))), transactionId: nil)
            }
            try liveDueMoment(since: since)
        } catch {
            try? endRun()
            throw error
        }
        try endRun()
        try saveSettings()
    }

    /// What falls due at the Store by now happens: renewals, ends of periods told by
    /// notification since `since`, Ask to Buy expiries, Google Play's slow test cards, its
    /// three-day rule, renewals, ends of grace periods and holds, and expiries, then the
    /// notifications due.
    private func liveDueMoment(since: Date) throws(WorldError) {
        do {
            try store.renewDueSubscriptions(link: link)
            try store.notifyEndedPeriods(since: since, link: link)
            try store.expireAskToBuyRequests(link: link)
        } catch {
            throw .file(path: directory.storeDatabase, problem: error.problem)
        }
        try resolveSlowCards()
        try refundUnacknowledged()
        try renewSubscriptions()
        try endRecoveries()
        try expireSubscriptions()
        try postNotifications()
    }

    /// The next moment after now something falls due at the Store, or at Google Play.
    private func nextDue() throws(WorldError) -> Int64? {
        let atTheStore: Int64?
        do {
            atTheStore = try store.nextDue(after: nowMillis)
        } catch {
            throw .file(path: directory.storeDatabase, problem: error.problem)
        }
        return [atTheStore, try nextPlayDue()].compactMap { $0 }.min()
    }
}
